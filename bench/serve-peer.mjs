// The boardgame.io side of bench/serve.sh: a boardgame.io@0.50.2 server with
// one tiny two-player game, listening on 127.0.0.1 only.
//
//   node serve-peer.mjs memory          # default storage: InMemory
//   node serve-peer.mjs flatfile DIR    # FlatFile (node-persist) in DIR
//
// Prints one JSON line {"port": N, "storage": "..."} once it accepts
// connections, then serves until killed.
import { createRequire } from 'node:module';

// boardgame.io's subpath packages are CommonJS folders, which ESM cannot
// import by directory.
const { Server, FlatFile } = createRequire(import.meta.url)('boardgame.io/server');

// Counter: the players take turns, one move each ("play" adds 1 to a
// counter). It never ends, so a match outlasts any run.
const Counter = {
  name: 'counter',
  minPlayers: 2,
  maxPlayers: 2,
  setup: () => ({ count: 0 }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    play: ({ G }) => {
      G.count++;
    },
  },
};

const [storage = 'memory', dir] = process.argv.slice(2);
let db;
if (storage === 'flatfile') {
  if (!dir) throw new Error('flatfile needs a directory');
  db = new FlatFile({ dir });
} else if (storage !== 'memory') {
  throw new Error(`unknown storage ${storage}`);
}

const server = Server({ games: [Counter], db, origins: ['http://127.0.0.1'] });
// Server.run listens on every interface; koa-socket-2 has put the HTTP
// server (with socket.io attached) at app.server, so listen on loopback only.
server.app.listen = (port, cb) => server.app.server.listen(port, '127.0.0.1', cb);
const { appServer } = await server.run(0);
console.log(JSON.stringify({ port: appServer.address().port, storage: storage === 'flatfile' ? 'FlatFile' : 'InMemory' }));
