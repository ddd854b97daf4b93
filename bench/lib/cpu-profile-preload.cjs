// Loaded with NODE_OPTIONS="--require <this file>" by bench/profile-hot-path.ts (Node refuses
// --cpu-prof in NODE_OPTIONS): profiles this process through the inspector from its start and, when
// it exits (the API processes exit after a graceful stop), writes CPU.<pid>.cpuprofile into
// PORTAL_CPU_PROFILE_DIR. The same-thread inspector session answers synchronously, so the exit
// handler can still stop the profiler and write the file.
'use strict';
const { existsSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const inspector = require('node:inspector');

const dir = process.env.PORTAL_CPU_PROFILE_DIR;
if (dir) {
  const session = new inspector.Session();
  session.connect();
  session.post('Profiler.enable');
  // With PORTAL_CPU_PROFILE_START, the profile starts once that file exists (after the start and the
  // warm-up: module loading stays out of it); without, at once.
  const startFile = process.env.PORTAL_CPU_PROFILE_START;
  if (startFile) {
    const waiting = setInterval(() => {
      if (!existsSync(startFile)) return;
      clearInterval(waiting);
      session.post('Profiler.start');
    }, 200);
    waiting.unref();
  } else {
    session.post('Profiler.start');
  }
  // A process of the group gets SIGTERM twice (from the group signal, then relayed by the primary):
  // the portal listens once, so the second would kill it before its exit handlers run and the
  // profile would be lost. This listener keeps the second harmless; the first still drains and exits.
  process.on('SIGTERM', () => undefined);
  process.on('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (!error && result) writeFileSync(path.join(dir, `CPU.${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
