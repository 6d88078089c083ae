#!/usr/bin/env bash
# Renders the page-reading fixtures with real WordPress: Debian's wordpress package and its stock themes, MariaDB at
# 127.0.0.1:3306 (root, no password), PHP's built-in server on loopback. Writes the pages each theme renders to
# packages/test-support/src/fake-web/fixtures/wordpress/<theme>/ and the package versions to SOURCES.md there.
# Not run in CI: the captured pages are committed with this script. Usage: bash scripts/wordpress-fixtures/capture.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$here/../../packages/test-support/src/fake-web/fixtures/wordpress"
port="${WP_FIXTURE_PORT:-8099}"
host="127.0.0.1:$port"
db="wpfixture"

export DEBIAN_FRONTEND=noninteractive
apt-get install -y --no-install-recommends wordpress wordpress-theme-twentytwentyone wordpress-theme-twentytwentytwo \
  wordpress-theme-twentytwentythree php-cli php-mysql php-xml php-mbstring >/dev/null

mysql -h127.0.0.1 -uroot -e "DROP DATABASE IF EXISTS $db; CREATE DATABASE $db CHARACTER SET utf8mb4;"
cat >/etc/wordpress/config-127.0.0.1.php <<PHP
<?php
define('DB_NAME', '$db');
define('DB_USER', 'root');
define('DB_PASSWORD', '');
define('DB_HOST', '127.0.0.1:3306');
define('WP_HOME', 'http://$host');
define('WP_SITEURL', 'http://$host');
define('WP_CONTENT_DIR', '/var/lib/wordpress/wp-content');
PHP

php "$here/populate.php" "$host"
php -S "$host" -t /usr/share/wordpress "$here/router.php" >/tmp/wp-fixture-server.log 2>&1 &
server=$!
trap 'kill $server' EXIT
sleep 1

pages=(index:/ title-leak:/title-leak/ body-leak:/body-leak/ tag-leak:/tag-leak/ category-leak:/category-leak/
  caption-leak:/caption-leak/ marla-sidebar:/marla-sidebar/ dana-comment:/dana-comment/ ivy-related:/ivy-related/
  sable-wren-brown-palette:/sable-wren-brown-palette/ tag-archive:/tag/sable-wren/ category-archive:/category/sable-wren/
  date-archive:/2024/03/ search:/?s=sable+wren feed:/feed/)
for theme in twentytwentyone twentytwentytwo twentytwentythree; do
  php "$here/switch-theme.php" "$host" "$theme" >/dev/null
  mkdir -p "$out/$theme"
  for p in "${pages[@]}"; do
    name="${p%%:*}"
    ext=html
    [ "$name" = feed ] && ext=xml
    curl -sf "http://$host${p#*:}" -o "$out/$theme/$name.$ext"
  done
done

{
  echo "# WordPress fixtures"
  echo
  echo "Captured by \`scripts/wordpress-fixtures/capture.sh\` on $(date -u +%Y-%m-%d): pages rendered by WordPress itself,"
  echo "posts written through its own API (\`populate.php\`), served on http://$host/ by PHP's built-in server."
  echo
  echo "| package | version |"
  echo "| --- | --- |"
  dpkg-query -W -f='| ${Package} | ${Version} |\n' wordpress wordpress-theme-twentytwentyone wordpress-theme-twentytwentytwo \
    wordpress-theme-twentytwentythree php8.2-cli php8.2-mysql
  echo "| MariaDB server | $(mysql -h127.0.0.1 -uroot -N -e 'select version()') |"
  echo
  echo "Each theme's folder holds the same pages (the creator is \"Sable Wren\"; every post offers a download):"
  echo
  echo "| page | her name is | hers? |"
  echo "| --- | --- | --- |"
  echo "| title-leak, body-leak, caption-leak | in the post's title, its body, an image's caption | yes |"
  echo "| tag-leak, category-leak | only in the post's tag or category | yes (medium: she confirms) |"
  echo "| marla-sidebar | only in the recent-posts list, the tag cloud and a text widget (sidebar or footer) | no |"
  echo "| dana-comment | in a visitor's comment (and the widgets) | no |"
  echo "| ivy-related | in a \"Related posts\" block of titles and excerpts inside the post (and the widgets) | no |"
  echo "| sable-wren-brown-palette | its address reads sable-wren-…, its title is a paint palette | no |"
  echo "| index, date-archive, tag-archive, category-archive, search | listed posts of hers | no: listings |"
  echo "| feed.xml | the RSS 2 feed | (for the feed reader) |"
} >"$out/SOURCES.md"
echo "captured into $out"
