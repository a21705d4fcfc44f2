// Shows the build-time sign-in snapshot (see scripts/prerender/sign-in-snapshot.ts)
// only where the app would show that form at once: at /login, with no session
// stored by supabase-js (any `sb-*-auth-token` key) and no sign-in callback in
// the address. A file rather than an inline script, so the page's
// Content-Security-Policy can forbid inline scripts.
(function () {
  try {
    var callback = /[?#&](access_token|error|error_description|error_code|code)=/.test(location.href);
    var stored = Object.keys(localStorage).some(function (key) {
      return /^sb-.+-auth-token$/.test(key);
    });
    var snapshot = document.querySelector("[data-sign-in-snapshot]");
    if (snapshot && location.pathname === "/login" && !callback && !stored) snapshot.hidden = false;
  } catch (error) {
    // No storage to read: leave the snapshot hidden and let the app decide.
  }
})();
