<?php
/**
 * Plugin Name: Inkpress SEO meta for the REST API
 * Description: Lets Inkpress write the meta description and focus keyword of
 *   Yoast SEO and Rank Math through the WordPress REST API. Neither plugin
 *   exposes these fields to the REST API by itself.
 * Version: 1.0.0
 *
 * Install: upload this file to wp-content/mu-plugins/ on your site (create the
 * folder if it does not exist). Must-use plugins run automatically; nothing
 * needs to be activated. Only users who may edit a post can change its fields.
 */

if (!defined('ABSPATH')) {
    exit;
}

add_action('init', static function () {
    $keys = [
        '_yoast_wpseo_metadesc',
        '_yoast_wpseo_focuskw',
        'rank_math_description',
        'rank_math_focus_keyword',
    ];
    foreach ($keys as $key) {
        register_post_meta('post', $key, [
            'show_in_rest' => true,
            'single' => true,
            'type' => 'string',
            // Keys starting with "_" are protected: only people who may edit the post may write them.
            'auth_callback' => static fn($allowed, $meta_key, $post_id) => current_user_can('edit_post', $post_id),
        ]);
    }
});
