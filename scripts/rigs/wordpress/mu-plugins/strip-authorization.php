<?php
/**
 * Plugin Name: Test: Authorization header stripped
 * Description: Simulates the common host misconfiguration (Apache + CGI/FPM
 * without `CGIPassAuth On` or the .htaccess rewrite) where PHP never sees the
 * Authorization header, so Basic auth with an application password fails with
 * 401 rest_not_logged_in although the credentials are right.
 */

unset($_SERVER['HTTP_AUTHORIZATION'], $_SERVER['REDIRECT_HTTP_AUTHORIZATION'], $_SERVER['PHP_AUTH_USER'], $_SERVER['PHP_AUTH_PW']);
