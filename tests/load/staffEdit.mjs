// The cluster run's staff edit (tests/load/cluster.mjs), made and timed on a thread of its own.
//
// The run's main thread also drives the 300 shoppers, their sockets and the staff replies: under
// load its event loop took the answer of a poll hundreds of milliseconds after the instance had
// sent it (2026-11-27 16:52, instrumented: instance c served the new page from 0.4 s after the edit,
// its answers left by 0.6 s, the main thread saw the first at 1.24 s). On a thread of its own the
// figure is the store's: the edit's commit until each instance serves the new page.
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

/**
 * Milliseconds until `check` first answers true, asked every `everyMs` without waiting for the
 * answers before (at most `inFlight` at once): under load one slow answer that was asked before the
 * change would otherwise add its whole wait to the time measured.
 */
function timeUntilOverlapping(check, ms, everyMs = 100, inFlight = 10) {
  const started = performance.now();
  return new Promise((resolve) => {
    let done = false;
    let pending = 0;
    const finish = (value) => {
      if (done) return;
      done = true;
      clearInterval(timer);
      resolve(value);
    };
    const ask = () => {
      if (done || pending >= inFlight) return;
      if (performance.now() - started > ms) return finish(Infinity);
      pending += 1;
      check()
        .catch(() => false)
        .then((ok) => {
          pending -= 1;
          if (ok) finish(performance.now() - started);
        });
    };
    const timer = setInterval(ask, everyMs);
    ask();
  });
}

/** Staff rename the product through the balancer; then each instance is asked for its page until it shows the new name. */
async function renameAndTime({ lb, staffToken, productId, instances }) {
  const staff = { 'x-forwarded-for': '10.255.0.2', token: staffToken };
  const detail = await (await fetch(`${lb}/api/staff/products/${productId}`, { headers: staff })).json();
  const newName = `${detail.product.name.replace(/ \(edited \d+\)$/, '')} (edited ${Date.now() % 100000})`;
  const edited = await fetch(`${lb}/api/staff/products/${productId}`, {
    method: 'PUT',
    headers: { ...staff, 'content-type': 'application/json' },
    body: JSON.stringify({ ...detail.product, name: newName }),
  });
  if (edited.status !== 200) throw new Error(`staff edit answered ${edited.status}: ${await edited.text()}`);
  const escaped = newName.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const servesNewPage = async (url) => (await (await fetch(`${url}/product/${productId}`, { headers: { 'x-forwarded-for': '10.255.0.3' } })).text()).includes(escaped);
  return Promise.all(instances.map((url) => timeUntilOverlapping(() => servesNewPage(url), 10_000)));
}

/**
 * Renames `productId` as staff and answers, per instance URL (in order), the milliseconds from the
 * edit's answer until that instance served the new page (Infinity after 10 s).
 * @param {{ lb: string, staffToken: string, productId: string, instances: string[] }} edit
 * @returns {Promise<number[]>}
 */
export function timeStaffEdit(edit) {
  return new Promise((resolve, reject) => {
    const thread = new Worker(new URL(import.meta.url), { workerData: edit });
    thread.once('message', resolve);
    thread.once('error', reject);
    thread.once('exit', (code) => reject(new Error(`the staff edit's thread exited with ${code} before answering`)));
  });
}

if (!isMainThread && workerData?.productId) parentPort.postMessage(await renameAndTime(workerData));
