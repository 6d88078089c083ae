<?php
// Activates a stock theme through WordPress's own API: php switch-theme.php HOST:PORT THEME
$_SERVER['HTTP_HOST'] = $argv[1];
$_SERVER['REQUEST_URI'] = '/';
require '/usr/share/wordpress/wp-load.php';
switch_theme($argv[2]);
echo get_option('stylesheet'), "\n";
