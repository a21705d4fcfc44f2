// Shows the build-time sign-in snapshot (see scripts/prerender/sign-in-snapshot.ts),
// with the title the app gives that screen, only where the app would show
// that form at once: at /login, with no session stored by supabase-js (any
// `sb-*-auth-token` key) and no sign-in callback in the address. Then loads
// the app (its stylesheet, entry and module preloads, from this tag's
// data-stylesheet, data-entry and data-preload): at once, or, where the
// snapshot shows, at the visitor's first interaction with the page, so that
// only the HTML is needed until someone uses the form (the build inlines this
// script and the part of the stylesheet that styles the snapshot; the page's
// Content-Security-Policy allows the two by their hashes, and nothing else
// inline). Until the app has hydrated the snapshot (and removed its
// data-sign-in-snapshot attribute: web/src/lib/signInSnapshotHandover.ts), a
// submission is held back, never sent natively (which would put the password
// in the address), and its form marked data-submit-requested for the app to
// submit.
(function () {
  var tag = document.currentScript;
  var snapshot = null;
  try {
    var callback = /[?#&](access_token|error|error_description|error_code|code)=/.test(location.href);
    var stored = Object.keys(localStorage).some(function (key) {
      return /^sb-.+-auth-token$/.test(key);
    });
    var candidate = document.querySelector("[data-sign-in-snapshot]");
    if (candidate && location.pathname === "/login" && !callback && !stored) {
      candidate.hidden = false;
      document.title = candidate.getAttribute("data-title") || document.title;
      snapshot = candidate;
    }
  } catch (error) {
    // No storage to read: leave the snapshot hidden and let the app decide.
  }

  // The whole stylesheet first (the page inlines only what styles the
  // snapshot), so that nothing the app renders shows unstyled: the entry is
  // preloaded beside it and run once it has loaded (or failed to).
  function loadApp() {
    var entry = tag.getAttribute("data-entry");
    var preloads = (tag.getAttribute("data-preload") || "").split(" ").concat(entry);
    for (var i = 0; i < preloads.length; i++) {
      if (!preloads[i]) continue;
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = preloads[i];
      document.head.appendChild(link);
    }
    var stylesheet = document.createElement("link");
    stylesheet.rel = "stylesheet";
    stylesheet.href = tag.getAttribute("data-stylesheet");
    stylesheet.onload = stylesheet.onerror = function () {
      var script = document.createElement("script");
      script.type = "module";
      script.crossOrigin = "";
      script.src = entry;
      document.head.appendChild(script);
    };
    document.head.appendChild(stylesheet);
  }

  // Pressing, tapping, typing, moving focus into the page, or a browser
  // filling the form in.
  var interactions = ["pointerdown", "keydown", "focusin", "touchstart", "input"];
  function onFirstInteraction(callback) {
    function once() {
      for (var i = 0; i < interactions.length; i++) window.removeEventListener(interactions[i], once, true);
      callback();
    }
    for (var i = 0; i < interactions.length; i++) window.addEventListener(interactions[i], once, true);
  }

  if (!snapshot) return loadApp();
  // Capturing at the snapshot, before the form and before the app's root listener.
  snapshot.addEventListener(
    "submit",
    function (event) {
      if (!snapshot.hasAttribute("data-sign-in-snapshot")) return;
      event.preventDefault();
      event.stopPropagation();
      event.target.setAttribute("data-submit-requested", "");
    },
    true,
  );
  onFirstInteraction(loadApp);
})();
