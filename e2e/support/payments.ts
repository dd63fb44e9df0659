/**
 * Paid requests made through the API as the flip page makes them, for tests that need a queue
 * rather than the page's payment flow (e2e/flip.test.ts covers that).
 */

async function post(base: string, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/**
 * A paid flip on the site at `base`: validate, create the order, approve it at the PayPal stand-in,
 * capture. Answers the request's history id (its receipt is /requests/{requestId}).
 */
export async function payFlip(base: string, videoId: string, username: string): Promise<{ requestId: number }> {
  const mediaUrl = `https://www.youtube.com/watch?v=${videoId}`;
  const flip = (await post(base, '/api/requests/flip/validate', { mediaUrl, username })) as { sid: string };
  const order = (await post(base, '/api/requests/flip/create', { sid: flip.sid, paymentSource: 'paypal' })) as { id: string };
  const approval = await fetch(`${base}/sandbox/paypal/checkoutnow`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: new URLSearchParams({ token: order.id, action: 'pay' }),
  });
  if (!approval.ok) throw new Error(`The stand-in's approval answered ${approval.status}`);
  const captured = (await post(base, '/api/requests/flip/capture', { sid: flip.sid, orderId: order.id })) as { requestId: number };
  return { requestId: captured.requestId };
}
