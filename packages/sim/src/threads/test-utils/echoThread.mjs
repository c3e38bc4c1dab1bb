// A thread for startThread's tests: answers each request { value } with { value, doubled },
// counts one unit of progress per request, and ends on { fail: true } (throws) or { exit: code }.
// It loads threadPort from tsc's dist/ (the test setup builds it).
import { threadPort } from '../../../dist/threads/threadPort.js';

const port = threadPort();
const { greeting } = port.data ?? {};
if (greeting) port.answer({ greeting });
port.onRequest((request) => {
  if (request.fail) throw new Error('asked to fail');
  if (request.exit !== undefined) process.exit(request.exit);
  port.progressed();
  port.answer({ value: request.value, doubled: 2 * request.value });
});
