/**
 * The client side of `npm run bench:live`, in a process of its own (so that the server's memory is
 * the server's): opens N event streams as plain sockets, reports when all are open, and when every
 * one has received a `content` event.
 */
import net from 'node:net';

const [port, count, path] = [Number(process.argv[2]), Number(process.argv[3]), process.argv[4] as string];
const AT_ONCE = 200;
const sockets: net.Socket[] = [];
let received = 0;
let opened = 0;

function open(): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: bench\r\nAccept: text/event-stream\r\n\r\n`);
    });
    let got = false;
    let head = true;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      if (head) {
        head = false;
        if (!chunk.startsWith('HTTP/1.1 200')) return reject(new Error(chunk.slice(0, 200)));
        opened++;
        resolve();
      }
      if (!got && chunk.includes('event: content')) {
        got = true;
        received++;
        if (received === count) process.send?.({ type: 'received' });
      }
    });
    socket.on('error', reject);
    sockets.push(socket);
  });
}

for (let i = 0; i < count; i += AT_ONCE)
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, count - i) }, () => open()));
process.send?.({ type: 'open', opened });
process.on('message', (message: { type: string }) => {
  if (message.type === 'close') {
    for (const s of sockets) s.destroy();
    process.exit(0);
  }
});
