<?php
/**
 * Router for `php -S 127.0.0.1:PORT -t <docroot> router.php`, standing in for
 * Apache + WordPress's .htaccess:
 *  - existing static files are served by the built-in server (`return false`),
 *  - existing .php files (and a directory's index.php) are executed,
 *  - everything else (pretty permalinks, /wp-json/...) goes to /index.php.
 *
 * The docroot is an overlay: our own wp-config.php plus symlinks into
 * /usr/share/wordpress. PHP resolves symlinks in __FILE__/__DIR__, so without
 * help /usr/share/wordpress/wp-load.php would load Debian's wp-config.php
 * (which reads /etc/wordpress/config-<host>.php). Defining ABSPATH as the
 * overlay before any WordPress file runs makes wp-load.php pick our
 * wp-config.php instead, for the front end, the REST API and wp-admin alike.
 */

$wp_router_docroot = rtrim($_SERVER['DOCUMENT_ROOT'], '/');
$wp_router_path = parse_url($_SERVER['REQUEST_URI'] ?? '/', PHP_URL_PATH);
$wp_router_path = rawurldecode(is_string($wp_router_path) && $wp_router_path !== '' ? $wp_router_path : '/');

if (str_contains($wp_router_path, "\0") || preg_match('#(^|/)\.\.(/|$)#', $wp_router_path)) {
    http_response_code(400);
    header('Content-Type: text/plain');
    echo "Bad request path\n";
    return true;
}

$wp_router_file = $wp_router_docroot . $wp_router_path;
$wp_router_script_name = null;

if (is_dir($wp_router_file)) {
    if (substr($wp_router_path, -1) !== '/') {
        // Like Apache's mod_dir: /wp-admin -> /wp-admin/ (keeps relative links right).
        $wp_router_query = parse_url($_SERVER['REQUEST_URI'], PHP_URL_QUERY);
        header('Location: ' . $wp_router_path . '/' . ($wp_router_query ? '?' . $wp_router_query : ''), true, 301);
        return true;
    }
    if (is_file($wp_router_file . 'index.php')) {
        $wp_router_script_name = $wp_router_path . 'index.php';
    }
} elseif (is_file($wp_router_file)) {
    if (strtolower(pathinfo($wp_router_file, PATHINFO_EXTENSION)) !== 'php') {
        return false; // static file: the built-in server sends it with a proper Content-Type
    }
    $wp_router_script_name = $wp_router_path;
}

if ($wp_router_script_name === null) {
    // WordPress's rewrite rules: anything that is not a file goes to index.php.
    $wp_router_script_name = '/index.php';
}

$wp_router_script = $wp_router_docroot . $wp_router_script_name;
$_SERVER['SCRIPT_NAME'] = $wp_router_script_name;
$_SERVER['PHP_SELF'] = $wp_router_script_name;
$_SERVER['SCRIPT_FILENAME'] = $wp_router_script;
unset($_SERVER['PATH_INFO'], $_SERVER['ORIG_PATH_INFO']);

if (!defined('ABSPATH')) {
    define('ABSPATH', $wp_router_docroot . '/');
}

chdir(dirname($wp_router_script));
unset($wp_router_docroot, $wp_router_path, $wp_router_file, $wp_router_query);
$wp_router_script_copy = $wp_router_script;
unset($wp_router_script, $wp_router_script_name);
// WordPress expects to run in the global scope; a router's top level is global.
require $wp_router_script_copy;
return true;
