<?php
/**
 * Plugin Name: Test SEO meta keys in REST
 * Description: Exposes the post meta keys that Yoast SEO and Rank Math store
 * (without installing either plugin), so REST clients can write them with
 * `meta: {...}` on /wp/v2/posts and /wp/v2/pages, as a site would that
 * registers them (the real plugins do not expose them over REST by default).
 */

add_action('init', static function () {
    $keys = [
        '_yoast_wpseo_title',
        '_yoast_wpseo_metadesc',
        '_yoast_wpseo_focuskw',
        'rank_math_title',
        'rank_math_description',
        'rank_math_focus_keyword',
    ];
    foreach (['post', 'page'] as $post_type) {
        foreach ($keys as $key) {
            register_post_meta($post_type, $key, [
                'type' => 'string',
                'single' => true,
                'default' => '',
                'show_in_rest' => true,
                // Keys starting with "_" are protected: say who may edit them.
                'auth_callback' => static fn($allowed, $meta_key, $post_id) => current_user_can('edit_post', $post_id),
            ]);
        }
    }
});
