// The approval popup's last page: tells the page that opened it (the SDK stand-in) what the buyer
// chose, then closes. A file, not an inline script, so the site's CSP allows it.
(() => {
  const script = document.currentScript;
  const message = {
    source: 'paypal-sandbox-checkout',
    orderID: script?.getAttribute('data-order-id'),
    outcome: script?.getAttribute('data-outcome'),
  };
  if (window.opener && !window.opener.closed) {
    // Only a page of this origin may hear it; any other opener learns the outcome by asking.
    window.opener.postMessage(message, window.location.origin);
  }
  window.close();
})();
