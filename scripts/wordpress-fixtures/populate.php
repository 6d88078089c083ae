<?php
// Writes the fixture blog through WordPress's own API (wp_install, wp_insert_post, wp_insert_comment, widgets and
// template parts as options and posts). Run by capture.sh with the php CLI: php populate.php HOST:PORT
$_SERVER['HTTP_HOST'] = $argv[1];
$_SERVER['REQUEST_URI'] = '/';
define('WP_INSTALLING', true);
require '/usr/share/wordpress/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/taxonomy.php';

wp_install('Night Archive', 'admin', 'admin@example.invalid', true, '', 'fixture-password');
update_option('permalink_structure', '/%postname%/');
update_option('posts_per_page', 10);
update_option('default_comment_status', 'open');
update_option('comment_moderation', 0);
update_option('comment_previously_approved', 0);
wp_delete_post(1, true); // the stock "Hello world!"
wp_delete_post(2, true); // the stock sample page

$her = 'Sable Wren';
$t = strtotime('2024-03-01 10:00:00');
$n = 0;
function post($title, $content, $slug, $tags = [], $cats = []) {
	global $t, $n;
	$n++;
	$catIds = [];
	foreach ($cats as $c) $catIds[] = wp_create_category($c);
	$id = wp_insert_post([
		'post_title' => $title,
		'post_name' => $slug,
		'post_content' => $content,
		'post_status' => 'publish',
		'post_author' => 1,
		'post_date' => gmdate('Y-m-d H:i:s', $t + $n * 3600),
		'post_category' => $catIds ?: [1],
		'tags_input' => $tags,
	], true);
	if (is_wp_error($id)) { fwrite(STDERR, $id->get_error_message() . "\n"); exit(1); }
	return $id;
}
$offer = '<!-- wp:paragraph --><p>Full pack: 48 photos and 6 videos, leaked from her paid page.</p><!-- /wp:paragraph -->'
	. '<!-- wp:paragraph --><p>Download: <a href="https://mega.nz/folder/AbCdEfGh#key123">mega.nz/folder/AbCdEfGh</a></p><!-- /wp:paragraph -->';
$p = function ($s) { return "<!-- wp:paragraph --><p>$s</p><!-- /wp:paragraph -->"; };

// Hers: her name in the title, the body, a tag, a category, an image caption.
post("$her OnlyFans leak", $p('New this week.') . $offer, 'title-leak');
post('Beach set leaked', $p("Everything $her posted in March.") . $offer, 'body-leak');
post('Weekend set leaked', $p('Everything from the weekend.') . $offer, 'tag-leak', [$her, 'beach']);
post('Studio set leaked', $p('Everything from the studio.') . $offer, 'category-leak', [], [$her]);
post('Pool set leaked', '<!-- wp:image --><figure class="wp-block-image"><img src="/wp-content/uploads/pool-01.jpg" alt=""/><figcaption>' . $her . ' at the pool</figcaption></figure><!-- /wp:image -->' . $offer, 'caption-leak');

// Not hers: another creator's leaks that show her name only around them.
post('Marla Quinn OnlyFans leak', $p('New from Marla this week.') . $offer, 'marla-sidebar'); // her posts in recent posts and the tag cloud
$c = post('Dana Vey OnlyFans leak', $p('New from Dana this week.') . $offer, 'dana-comment');
wp_insert_comment(['comment_post_ID' => $c, 'comment_author' => 'visitor', 'comment_author_email' => 'v@example.invalid', 'comment_content' => "Anyone have the $her set too?", 'comment_approved' => 1, 'comment_date' => gmdate('Y-m-d H:i:s', $t + 40 * 3600)]);
post('Ivy Lark OnlyFans leak', $p('New from Ivy this week.') . $offer
	. '<!-- wp:heading --><h2>Related posts</h2><!-- /wp:heading --><!-- wp:latest-posts {"postsToShow":8,"displayPostContent":true,"displayPostContentRadio":"excerpt","excerptLength":12} /-->', 'ivy-related');
// A title that reads like her name but is a paint colour (the slug spells her name).
post('Sable, wren-brown and ochre: a palette', $p('Mixing earth pigments for a winter landscape.'), 'sable-wren-brown-palette');

// Widgets (classic theme): recent posts, a tag cloud and a text widget naming her in the footer widget area.
update_option('widget_recent-posts', [2 => ['title' => 'Recent posts', 'number' => 8], '_multiwidget' => 1]);
update_option('widget_tag_cloud', [2 => ['title' => 'Tags', 'taxonomy' => 'post_tag'], '_multiwidget' => 1]);
update_option('widget_text', [2 => ['title' => '', 'text' => "Site artwork by $her.", 'filter' => false], '_multiwidget' => 1]);
update_option('sidebars_widgets', ['wp_inactive_widgets' => [], 'sidebar-1' => ['recent-posts-2', 'tag_cloud-2', 'text-2'], 'array_version' => 3]);

// Block themes: the same in their footer template part.
foreach (['twentytwentytwo', 'twentytwentythree'] as $theme) {
	$id = wp_insert_post([
		'post_type' => 'wp_template_part', 'post_name' => 'footer', 'post_title' => 'Footer', 'post_status' => 'publish',
		'post_content' => '<!-- wp:group {"layout":{"type":"constrained"}} --><div class="wp-block-group">'
			. '<!-- wp:heading {"level":3} --><h3>Recent posts</h3><!-- /wp:heading --><!-- wp:latest-posts {"postsToShow":8} /-->'
			. '<!-- wp:tag-cloud /-->'
			. $p("Site artwork by $her.")
			. '</div><!-- /wp:group -->',
	]);
	wp_set_object_terms($id, $theme, 'wp_theme');
	wp_set_object_terms($id, 'footer', 'wp_template_part_area');
}
echo "populated\n";
