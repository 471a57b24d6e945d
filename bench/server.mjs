// A plain node:http server on loopback that answers each route with a canned body: real HTTP, real
// sockets, and no work on the server's side that could blur the client's cost.
import { createServer } from 'node:http';

/**
 * `routes` maps `METHOD /path` to a body (serialised once, here); a request's query is not part of its
 * route. The request body is read to its end, as a real server would, and thrown away.
 */
export async function serveCanned(routes) {
  const bodies = new Map(
    Object.entries(routes).map(([route, body]) => [route, Buffer.from(JSON.stringify(body))]),
  );
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const body = bodies.get(`${request.method} ${request.url.split('?')[0]}`);
      if (!body) {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"Message":"no such route"}');
        return;
      }
      response
        .writeHead(200, { 'content-type': 'application/json', 'content-length': body.length })
        .end(body);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    origin,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}
