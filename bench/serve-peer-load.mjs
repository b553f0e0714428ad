// The load client of bench/serve.sh for the boardgame.io side: the same
// workload as "tabletop loadgen", on boardgame.io's own protocol.
//
//   node serve-peer-load.mjs --port N [--tables 50] [--seconds 10] [--pid PID]
//
// It creates the matches through the lobby API (POST /games/counter/create,
// then /join for players 0 and 1) before the clock starts. Each player is one
// socket.io connection (its own, websocket transport) speaking the protocol
// of boardgame.io's SocketIO client transport: "sync" once, then, whenever
// the state says it is this player's turn, "update" with a MAKE_MOVE action
// for the move "play", the state's _stateID, the match and the player.
//
// The master answers a move only by broadcasting the new state ("update") to
// every player of the match, after applying it and before storing it; there
// is no acknowledgement. Latency is measured from just before the move is
// emitted to the "update" on the acting player's own connection whose
// _stateID is past the one the move was sent with. A move counts as done
// (acked) when that update arrives. A move not answered within 5 s counts as
// an error and the player sends again from the newest state it has.
//
// Prints one JSON line with the same names as tabletop loadgen --json.
import { io } from 'socket.io-client';
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf('--' + name);
  return i >= 0 ? args[i + 1] : def;
};
const port = Number(opt('port'));
const tables = Number(opt('tables', 50));
const seconds = Number(opt('seconds', 10));
const pid = Number(opt('pid', 0));
if (!port || !(tables > 0 && tables <= 1000) || !(seconds > 0 && seconds <= 600)) {
  throw new Error('usage: serve-peer-load.mjs --port N [--tables 50] [--seconds 10] [--pid PID]');
}
const base = `http://127.0.0.1:${port}`;
const game = 'counter';
const moveTimeout = 5000;

// procCPU returns utime+stime of pid in seconds (USER_HZ is 100 on Linux).
function procCPU(p) {
  const s = readFileSync(`/proc/${p}/stat`, 'utf8');
  const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
}
const ownCPU = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

async function post(path, body) {
  const r = await fetch(base + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
  return r.json();
}

async function newMatch() {
  const { matchID } = await post(`/games/${game}/create`, { numPlayers: 2, unlisted: true });
  const players = [];
  for (const playerID of ['0', '1']) {
    const { playerCredentials } = await post(`/games/${game}/${matchID}/join`, { playerID, playerName: 'P' + playerID });
    players.push({ matchID, playerID, credentials: playerCredentials });
  }
  return players;
}

const lat = [];
let acked = 0;
let errors = 0;
const codes = {};
const fail = (code) => {
  errors++;
  codes[code] = (codes[code] || 0) + 1;
};
let running = false;

// player connects one seat and plays it while running is true.
function player({ matchID, playerID, credentials }) {
  return new Promise((resolve, reject) => {
    const socket = io(`${base}/${game}`, { transports: ['websocket'], forceNew: true, reconnection: false });
    let state = null;
    let sentAt = 0; // of the open move, 0: none
    let sentStateID = -1;
    let timer = null;
    const act = () => {
      if (!running || sentAt || !state || state.ctx.currentPlayer !== playerID) return;
      sentStateID = state._stateID;
      sentAt = performance.now();
      socket.emit(
        'update',
        { type: 'MAKE_MOVE', payload: { type: 'play', args: [], playerID, credentials } },
        state._stateID,
        matchID,
        playerID,
      );
      timer = setTimeout(() => {
        fail('timeout');
        sentAt = 0;
        act();
      }, moveTimeout);
    };
    const onState = (s) => {
      if (!state || s._stateID > state._stateID) state = s;
      if (sentAt && s._stateID > sentStateID) {
        lat.push(performance.now() - sentAt);
        acked++;
        sentAt = 0;
        clearTimeout(timer);
      }
      act();
    };
    socket.on('connect', () => socket.emit('sync', matchID, playerID, credentials, 2));
    socket.on('connect_error', (err) => reject(err));
    socket.on('sync', (_id, info) => {
      onState(info.state);
      resolve(ctl);
    });
    socket.on('update', (_id, s) => onState(s));
    socket.on('patch', () => fail('patch'));
    socket.on('disconnect', () => {
      if (running) fail('disconnect');
    });
    const ctl = {
      start: act,
      stop: () => {
        clearTimeout(timer);
        socket.close();
      },
    };
  });
}

// Set up every match and connection before the clock starts.
const players = [];
for (let i = 0; i < tables; i++) {
  for (const p of await newMatch()) players.push(await player(p));
}
const cpu0 = pid ? procCPU(pid) : 0;
const own0 = ownCPU();
const t0 = performance.now();
running = true;
for (const p of players) p.start();
await new Promise((r) => setTimeout(r, seconds * 1000));
running = false;
const secs = (performance.now() - t0) / 1000;
const cpu = pid ? procCPU(pid) - cpu0 : 0;
const own = ownCPU() - own0;
for (const p of players) p.stop();

lat.sort((a, b) => a - b);
const rank = (q) => (lat.length ? lat[Math.max(0, Math.ceil(q * lat.length) - 1)] : 0);
const out = {
  tables,
  game,
  seconds: secs,
  acked,
  acked_per_sec: acked / secs,
  latency_ms: { n: lat.length, p50: rank(0.5), p99: rank(0.99), max: lat.length ? lat[lat.length - 1] : 0 },
  errors,
  error_codes: codes,
  loadgen_cpu: { seconds: own, cores: own / secs, ms_per_action: acked ? (own * 1000) / acked : 0 },
};
if (pid) out.server_cpu = { seconds: cpu, cores: cpu / secs, ms_per_action: acked ? (cpu * 1000) / acked : 0 };
console.log(JSON.stringify(out));
process.exit(0);
