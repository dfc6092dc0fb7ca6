/**
 * The pages' only script: switches tabs (with arrow keys, as the WAI-ARIA tabs pattern asks) and submits
 * the forms as same-origin JSON, showing the server's message in the form's alert; on success it goes back
 * to returnTo, or shows the element the form's data-done names in the form's place. Kept in plain ES2017
 * so it needs no build.
 *
 * A sign-in refused (401) is answered alike for a wrong password and for an address not yet proved (its
 * owner is mailed a new link), so the server never tells whether an address has an account. The page can
 * still be plain with the one who just registered: it remembers, for this tab only, the addresses its own
 * form registered, and for those says that a new link is in the inbox; anyone else reads the server's
 * message with a hint for the case.
 */
export const loginPageScript = `
(function () {
  var data = JSON.parse(document.getElementById('login-data').textContent);
  if (data.cleanUrl) history.replaceState(null, '', data.cleanUrl);
  var tabs = Array.prototype.slice.call(document.querySelectorAll('[role="tab"]'));
  function select(tab, focus) {
    tabs.forEach(function (other) {
      var selected = other === tab;
      other.setAttribute('aria-selected', String(selected));
      other.tabIndex = selected ? 0 : -1;
      document.getElementById(other.getAttribute('aria-controls')).hidden = !selected;
    });
    history.replaceState(null, '', tab.href);
    if (focus) tab.focus();
  }
  tabs.forEach(function (tab, index) {
    tab.addEventListener('click', function (event) {
      event.preventDefault();
      select(tab, false);
    });
    tab.addEventListener('keydown', function (event) {
      var step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
      if (!step) return;
      event.preventDefault();
      select(tabs[(index + step + tabs.length) % tabs.length], true);
    });
  });
  var REGISTERED = 'laundry.registered-addresses';
  function normalised(address) {
    return String(address || '').trim().toLowerCase();
  }
  function registered() {
    try {
      return JSON.parse(sessionStorage.getItem(REGISTERED) || '[]');
    } catch (unavailable) {
      return [];
    }
  }
  function remember(address, keep) {
    var others = registered().filter(function (known) { return known !== normalised(address); });
    try {
      sessionStorage.setItem(REGISTERED, JSON.stringify(keep ? others.concat(normalised(address)) : others));
    } catch (unavailable) {}
  }
  function translate(message) {
    return Object.prototype.hasOwnProperty.call(data.server, message) ? data.server[message] : message;
  }
  async function readError(response) {
    try {
      var body = await response.json();
      if (Array.isArray(body.errors) && body.errors.length) {
        return body.errors.map(function (error) { return translate(error.message); }).join(' ');
      }
      if (typeof body.message === 'string' && body.message) return translate(body.message);
    } catch (ignored) {}
    return data.genericError;
  }
  Array.prototype.forEach.call(document.querySelectorAll('form[data-endpoint]'), function (form) {
    var alert = form.querySelector('[role="alert"]');
    var button = form.querySelector('button[type="submit"]');
    function showError(message) {
      alert.textContent = message;
      alert.hidden = false;
    }
    form.addEventListener('submit', async function (event) {
      event.preventDefault();
      alert.hidden = true;
      var payload = {};
      Array.prototype.forEach.call(form.elements, function (field) {
        if (!field.name) return;
        payload[field.name] = field.type === 'checkbox' ? field.checked : field.value;
      });
      var label = button.textContent;
      button.disabled = true;
      button.textContent = data.working;
      try {
        var response = await fetch(form.dataset.endpoint, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify(payload),
        });
        var signingIn = form.dataset.endpoint === '/api/auth/login';
        if (response.ok) {
          if (form.dataset.endpoint === '/api/auth/register') remember(payload.email, true);
          if (signingIn) remember(payload.email, false);
          var done = form.dataset.done && document.getElementById(form.dataset.done);
          if (!done) {
            window.location.assign(data.returnTo);
            return;
          }
          form.hidden = true;
          done.hidden = false;
          done.focus();
          return;
        }
        if (signingIn && response.status === 401) {
          showError(
            registered().indexOf(normalised(payload.email)) >= 0
              ? data.unconfirmedSignIn
              : (await readError(response)) + ' ' + data.unconfirmedHint,
          );
        } else {
          showError(await readError(response));
        }
      } catch (networkFailure) {
        showError(data.networkError);
      }
      button.disabled = false;
      button.textContent = label;
    });
  });
})();
`;
