<?php
// php -S router: existing files as they are, every other address through WordPress (pretty permalinks).
$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
if ($path !== '/' && file_exists('/usr/share/wordpress' . $path) && !is_dir('/usr/share/wordpress' . $path)) return false;
$_SERVER['SCRIPT_NAME'] = '/index.php';
require '/usr/share/wordpress/index.php';
