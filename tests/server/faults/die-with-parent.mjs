// Preloaded into servers spawned by fault and load tests (`node --import <this>`): if the test
// process dies without stopping its server (a timed-out worker is killed, not exited), the
// server sees its parent change and ends itself, so no test server outlives its test.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.kill(process.pid, 'SIGKILL');
}, 1000).unref();
