// Shows the build-time sign-in snapshot (see scripts/build/prerender/sign-in-snapshot.ts),
// with the title the app gives that screen, only where the app would show
// that form at once: at /login, with no session stored by supabase-js (any
// `sb-*-auth-token` key) and no sign-in callback in the address (the
// parameters web/src/backend/storedSession.ts looks for). Then loads the app
// (its stylesheet, entry and module preloads, from this tag's
// data-stylesheet, data-entry and data-preload): at once, or, where the
// snapshot shows, at the visitor's first interaction with the page, so that
// only the HTML is needed until someone uses the form (the build inlines this
// script and the part of the stylesheet that styles the snapshot; the page's
// Content-Security-Policy allows the two by their hashes, and nothing else
// inline). Until the app has taken the snapshot over (and removed its
// data-sign-in-snapshot attribute: web/src/features/auth/signInSnapshotHandover.ts), a
// submission is held back, never sent natively (which would put the password
// in the address; the CSP's form-action 'none' refuses that too), its form
// marked data-submit-requested for the app to submit, and its button busy.
// If the app cannot be loaded, the form says so (data-load-error) and the
// next interaction tries again.
(function () {
  var tag = document.currentScript;
  var snapshot = null;
  try {
    var query = new URLSearchParams(location.search);
    var fragment = new URLSearchParams(location.hash.slice(1));
    var callback = ["access_token", "error", "error_description", "error_code", "code"].some(function (name) {
      return query.has(name) || fragment.has(name);
    });
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
  function loadApp(onError) {
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
      script.onerror = function () {
        script.remove();
        stylesheet.remove();
        if (onError) onError();
      };
      document.head.appendChild(script);
    };
    document.head.appendChild(stylesheet);
  }

  if (!snapshot) return loadApp();

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

  function showLoadError() {
    var form = snapshot.querySelector("form");
    if (!form) return;
    var alert = form.querySelector("[data-load-error-message]") || document.createElement("p");
    alert.setAttribute("role", "alert");
    alert.setAttribute("data-load-error-message", "");
    alert.textContent = snapshot.getAttribute("data-load-error");
    form.appendChild(alert);
    var button = form.querySelector('[type="submit"]');
    if (button) button.removeAttribute("aria-busy");
    onFirstInteraction(loadAppOrSayWhy);
  }

  function loadAppOrSayWhy() {
    // The form as the build rendered it again, for the app to hydrate.
    var said = snapshot.querySelector("[data-load-error-message]");
    if (said) said.remove();
    loadApp(showLoadError);
  }

  // On the window, capturing: before anything else on the page sees it.
  window.addEventListener(
    "submit",
    function (event) {
      var form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.closest("[data-sign-in-snapshot]")) return;
      event.preventDefault();
      event.stopPropagation();
      form.setAttribute("data-submit-requested", "");
      var button = form.querySelector('[type="submit"]');
      if (button) button.setAttribute("aria-busy", "true");
    },
    true,
  );
  onFirstInteraction(loadAppOrSayWhy);
})();
