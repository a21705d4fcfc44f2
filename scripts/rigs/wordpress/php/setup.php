<?php
/**
 * Installs WordPress into an empty database (there is no wp-cli in Debian) and
 * creates an application password. Run with php-cli:
 *
 *   php setup.php <docroot> <<< '{"url":..., "title":..., "adminUser":..., "adminPassword":..., "adminEmail":..., "appPasswordName":...}'
 *
 * Prints one JSON line on stdout: {"installed": bool, "userId": n, "applicationPassword": "...", "wpVersion": "..."}.
 * Idempotent: on an already installed database it only refreshes the settings
 * and adds a new application password.
 */

if (PHP_SAPI !== 'cli') {
    exit(1);
}
if ($argc < 2) {
    fwrite(STDERR, "usage: php setup.php <docroot> < config.json\n");
    exit(2);
}

$setup = json_decode(stream_get_contents(STDIN), true, 16, JSON_THROW_ON_ERROR);
$url = parse_url($setup['url']);
$_SERVER['HTTP_HOST'] = $url['host'] . (isset($url['port']) ? ':' . $url['port'] : '');
$_SERVER['SERVER_NAME'] = $url['host'];
$_SERVER['SERVER_PORT'] = (string) ($url['port'] ?? 80);
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['REQUEST_METHOD'] = 'GET';

define('ABSPATH', rtrim($argv[1], '/') . '/');
define('WP_INSTALLING', true);

// Pluggable: skip the "your new site" e-mail (there is no MTA).
function wp_new_blog_notification($blog_title, $blog_url, $user_id, $password) {}

require ABSPATH . 'wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';

// wp_install() probes the (not yet running) web server for pretty permalinks; we
// set the structure ourselves, so make every HTTP request fail at once.
add_filter('pre_http_request', static fn() => new WP_Error('http_disabled', 'No HTTP during setup'), 1);

$installed = false;
if (!is_blog_installed()) {
    $result = wp_install(
        $setup['title'],
        $setup['adminUser'],
        $setup['adminEmail'],
        true,
        '',
        wp_slash($setup['adminPassword']),
    );
    if (is_wp_error($result)) {
        fwrite(STDERR, 'wp_install failed: ' . $result->get_error_message() . "\n");
        exit(1);
    }
    $installed = true;
}

$user = get_user_by('login', $setup['adminUser']);
if (!$user) {
    $user_id = wp_create_user($setup['adminUser'], $setup['adminPassword'], $setup['adminEmail']);
    if (is_wp_error($user_id)) {
        fwrite(STDERR, 'wp_create_user failed: ' . $user_id->get_error_message() . "\n");
        exit(1);
    }
    $user = get_user_by('id', $user_id);
    $user->set_role('administrator');
} elseif (!$installed) {
    // Reused data folder: make the requested password the current one.
    wp_set_password($setup['adminPassword'], $user->ID);
}

update_option('blogname', $setup['title']);
update_option('timezone_string', 'UTC');
update_option('blog_public', '0');

global $wp_rewrite;
$wp_rewrite->set_permalink_structure('/%postname%/');
flush_rewrite_rules(false); // rules live in the database; php -S has no .htaccess

if (!wp_is_application_passwords_available()) {
    fwrite(STDERR, "Application passwords are not available (is WP_ENVIRONMENT_TYPE 'local'?)\n");
    exit(1);
}
// Names must be unique per user: a reused data folder replaces the old one.
foreach (WP_Application_Passwords::get_user_application_passwords($user->ID) as $item) {
    if ($item['name'] === $setup['appPasswordName']) {
        WP_Application_Passwords::delete_application_password($user->ID, $item['uuid']);
    }
}
$created = WP_Application_Passwords::create_new_application_password($user->ID, ['name' => $setup['appPasswordName']]);
if (is_wp_error($created)) {
    fwrite(STDERR, 'create_new_application_password failed: ' . $created->get_error_message() . "\n");
    exit(1);
}

echo json_encode([
    'installed' => $installed,
    'userId' => $user->ID,
    'applicationPassword' => $created[0],
    'wpVersion' => get_bloginfo('version'),
]), "\n";
