// Stand-in for PayPal's JS SDK (www.paypal.com/sdk/js) as @paypal/react-paypal-js loads it: the
// global (window.paypal, or the script's data-namespace) with Buttons(...).isEligible/render/close.
// The button opens the approval page in a popup; the popup's answer comes back by postMessage, or,
// when the popup closes without one, by asking the stand-in for the order's state.
(() => {
  const script = document.currentScript;
  const source = new URL(script ? script.src : '/sandbox/paypal/sdk/js', window.location.href);
  const base = source.origin + source.pathname.replace(/\/sdk\/js$/, '');
  const namespace = script?.getAttribute('data-namespace') || 'paypal';
  if (!source.searchParams.get('client-id')) {
    console.error('SDK Validation error: Expected client-id to be passed');
    return;
  }

  const FUNDING = { PAYPAL: 'paypal', VENMO: 'venmo', PAYLATER: 'paylater', CREDIT: 'credit', CARD: 'card' };
  const POLL_MS = 300;
  const CLOSED_CHECKS = 3;

  function drawButton(style, onClick) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'PayPal';
    button.setAttribute('aria-label', 'PayPal');
    button.setAttribute('data-funding-source', 'paypal');
    const height = Number(style.height) || 45;
    const colors = {
      gold: ['#ffc439', '#111'],
      blue: ['#0070ba', '#fff'],
      silver: ['#eee', '#111'],
      white: ['#fff', '#111'],
      black: ['#111', '#fff'],
    };
    const [background, color] = colors[style.color] || colors.gold;
    Object.assign(button.style, {
      display: 'block',
      width: '100%',
      height: `${height}px`,
      border: style.color === 'white' ? '1px solid #555' : '0',
      borderRadius: style.shape === 'pill' ? `${height / 2}px` : '4px',
      background,
      color,
      fontFamily: 'Helvetica Neue, Arial, sans-serif',
      fontSize: '18px',
      fontWeight: '700',
      fontStyle: 'italic',
      cursor: 'pointer',
    });
    button.addEventListener('click', onClick);
    return button;
  }

  /** Resolves with 'approved' or 'cancelled' once the buyer has decided or closed the popup. */
  function buyerDecision(popup, orderID) {
    return new Promise((resolve) => {
      let done = false;
      const finish = (outcome) => {
        if (done) return;
        done = true;
        window.removeEventListener('message', onMessage);
        clearInterval(timer);
        resolve(outcome);
      };
      const onMessage = (event) => {
        const data = event.data;
        if (event.origin !== source.origin || !data || data.source !== 'paypal-sandbox-checkout' || data.orderID !== orderID) return;
        finish(data.outcome === 'approved' ? 'approved' : 'cancelled');
      };
      window.addEventListener('message', onMessage);
      // The popup looks closed when the buyer closed it, or when the browser cut it off from this
      // page (Cross-Origin-Opener-Policy): then the order's state tells, asked a few times.
      let checks = 0;
      const timer = setInterval(() => {
        if (!popup.closed || done || checking) return;
        checking = true;
        fetch(`${base}/checkoutnow/status?token=${encodeURIComponent(orderID)}`)
          .then((res) => res.json())
          .then((answer) => {
            checks++;
            if (answer.outcome === 'approved') finish('approved');
            else if (answer.cancelled || checks >= CLOSED_CHECKS) finish('cancelled');
          })
          .catch(() => finish('cancelled'))
          .then(() => {
            checking = false;
          });
      }, POLL_MS);
      let checking = false;
    });
  }

  function Buttons(props = {}) {
    const style = props.style || {};
    let container = null;
    let button = null;
    let disabled = false;
    let busy = false;
    let closed = false;

    const actions = {
      enable() {
        disabled = false;
        if (button) button.style.opacity = '1';
        return Promise.resolve();
      },
      disable() {
        disabled = true;
        if (button) button.style.opacity = '0.5';
        return Promise.resolve();
      },
    };

    function fail(error) {
      if (typeof props.onError === 'function') props.onError(error);
      else console.error(error);
    }

    function onClick() {
      if (disabled || busy || closed) return;
      busy = true;
      // Opened now, inside the click, or the browser blocks it; it gets its address once the order exists.
      const popup = window.open('', `paypal_sandbox_${Date.now()}`, 'width=480,height=640');
      if (typeof props.onClick === 'function') props.onClick({ fundingSource: 'paypal' }, actions);
      let orderID = null;
      Promise.resolve()
        .then(() => {
          if (!popup) throw new Error('The PayPal window was blocked by the browser');
          if (typeof props.createOrder !== 'function') throw new Error('Expected createOrder to be passed');
          return props.createOrder({ paymentSource: 'paypal' }, {});
        })
        .then((id) => {
          if (typeof id !== 'string' || id === '') throw new Error('Expected an order id to be passed');
          orderID = id;
          popup.location.href = `${base}/checkoutnow?token=${encodeURIComponent(id)}`;
          return buyerDecision(popup, id);
        })
        .then((outcome) => {
          if (outcome === 'approved') {
            const data = { orderID, payerID: 'DEMOBUYER0001', paymentID: null, facilitatorAccessToken: 'sandbox', paymentSource: 'paypal' };
            const approveActions = { restart: () => Promise.resolve(), order: { get: () => Promise.reject(new Error('Ask your server')) } };
            return typeof props.onApprove === 'function' ? props.onApprove(data, approveActions) : undefined;
          }
          if (typeof props.onCancel === 'function') return props.onCancel({ orderID });
          return undefined;
        })
        .catch((error) => {
          if (popup && !popup.closed) popup.close();
          fail(error instanceof Error ? error : new Error(String(error)));
        })
        .then(() => {
          busy = false;
        });
    }

    return {
      isEligible: () => !props.fundingSource || props.fundingSource === FUNDING.PAYPAL,
      render(target) {
        container = typeof target === 'string' ? document.querySelector(target) : target;
        if (!container) return Promise.reject(new Error(`Document is ready and element ${target} does not exist`));
        if (closed) return Promise.reject(new Error('Buttons were closed'));
        button = drawButton(style, onClick);
        container.appendChild(button);
        if (typeof props.onInit === 'function') props.onInit({}, actions);
        return Promise.resolve();
      },
      close() {
        closed = true;
        button?.remove();
        button = null;
        return Promise.resolve();
      },
      updateProps: () => Promise.resolve(),
      hasReturned: () => false,
    };
  }

  window[namespace] = { Buttons, FUNDING, version: '5.0.0-almanac-sandbox' };
})();
