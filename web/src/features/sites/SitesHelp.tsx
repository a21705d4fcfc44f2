const SEO_PLUGIN_FILE = "/inkpress-seo-meta.php";

/** Requirements, connection steps and troubleshooting for connecting a WordPress site. */
export function SitesHelp() {
  return (
    <aside className="sites-help" aria-labelledby="sites-help-title">
      <article>
        <h2 id="sites-help-title">Connecting a WordPress site</h2>
        <details open>
          <summary>Requirements</summary>
          <ul>
            <li>WordPress 5.6 or higher</li>
            <li>Administrator access to the site</li>
            <li>REST API enabled (it is on by default; some security plugins turn it off)</li>
            <li>HTTPS: WordPress accepts application passwords only over a secure connection</li>
          </ul>
        </details>
        <details open>
          <summary>How to connect</summary>
          <ol>
            <li>
              <strong>Create an application password.</strong> In your WordPress admin open Users → Profile, scroll to
              Application Passwords, enter a name such as “Inkpress” and choose Add New Application Password. Copy the
              password WordPress shows (it is shown only once).
            </li>
            <li>
              <strong>Add the site details.</strong> Choose Add Site and enter a name for the site, its address, your
              WordPress username and the application password (not your login password).
            </li>
            <li>
              <strong>Test and save.</strong> Connect Site checks that the REST API answers, that the login works and
              that the account may create posts, upload media and manage categories; the site is saved only when every
              check passes.
            </li>
          </ol>
        </details>
        <details>
          <summary>Troubleshooting</summary>
          <ul>
            <li>
              <strong>REST API endpoint not found:</strong> check the address (include the folder, e.g.
              https://example.com/blog, if WordPress lives in one) and open <code>/wp-json/</code> on your site: it
              should show JSON. Security plugins that block the REST API must allow it.
            </li>
            <li>
              <strong>Authentication failed:</strong> use your WordPress username and an application password; create
              a new one if unsure. Your normal login password does not work here.
            </li>
            <li>
              <strong>Login not received (Authorization header removed):</strong> many hosts drop the Authorization
              header before it reaches WordPress. On Apache add one of these lines to the site’s <code>.htaccess</code>:
              <pre>
                <code>{'SetEnvIf Authorization "(.*)" HTTP_AUTHORIZATION=$1'}</code>
              </pre>
              <pre>
                <code>CGIPassAuth On</code>
              </pre>
              On nginx with PHP-FPM pass the header to PHP:
              <pre>
                <code>fastcgi_param HTTP_AUTHORIZATION $http_authorization;</code>
              </pre>
              Or ask your host to pass the Authorization header to PHP.
            </li>
            <li>
              <strong>Endpoint not accessible:</strong> the account needs administrator rights (creating posts,
              uploading media, managing categories and tags).
            </li>
            <li>
              <strong>Application passwords turned off:</strong> some security plugins disable them; enable them again
              in the plugin’s settings.
            </li>
          </ul>
        </details>
        <details>
          <summary>SEO fields (Yoast SEO and Rank Math)</summary>
          <p>
            Articles’ meta description and focus keyword are written to Yoast SEO or Rank Math, whichever is found
            when the site is connected. If you install one later, remove the site and connect it again.
          </p>
          <p>
            WordPress does not accept these fields through its REST API until they are registered for it. Download the
            must-use plugin below and upload it to <code>wp-content/mu-plugins/</code> on your site (create the folder
            if it does not exist). Must-use plugins run automatically: nothing needs activating.
          </p>
          <p>
            <a href={SEO_PLUGIN_FILE} download="inkpress-seo-meta.php">
              Download the SEO fields plugin (inkpress-seo-meta.php)
            </a>
          </p>
        </details>
      </article>
    </aside>
  );
}

/** Where a Ghost site's API URL and Admin API key come from, and what publishing sends. */
export function GhostSitesHelp() {
  return (
    <aside className="sites-help" aria-labelledby="ghost-help-title">
      <article>
        <h2 id="ghost-help-title">Connecting a Ghost site</h2>
        <details open>
          <summary>How to connect</summary>
          <ol>
            <li>
              <strong>Create a custom integration.</strong> In Ghost Admin open Settings → Integrations, choose Add
              custom integration and name it “Inkpress”.
            </li>
            <li>
              <strong>Copy the API URL and the Admin API key.</strong> The integration shows both; the Admin API key
              looks like a long code with a colon in the middle. Do not use the Content API key.
            </li>
            <li>
              <strong>Test and save.</strong> Choose Add Ghost Site and paste them: Inkpress checks that the address is
              a Ghost site and that the key may work with posts, and saves the site only then. The key is never shown
              again.
            </li>
          </ol>
        </details>
        <details>
          <summary>What is published</summary>
          <p>
            The article’s text, title, excerpt, slug and featured image (with its alt text); its categories and tags
            become Ghost tags (created if new); its title and meta description become the post’s meta title and meta
            description. Publishing again updates the same post.
          </p>
        </details>
      </article>
    </aside>
  );
}
