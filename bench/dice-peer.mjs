// Measures @dice-roller/rpg-dice-roller on the same expressions as
// bench/dicebench, printing one JSON object per expression:
// {"expr", "once": rolls/s parsing once, "every": rolls/s parsing every time}.
// Run by bench/dice.sh from the temporary folder where the package is installed.
import { DiceRoll } from '@dice-roller/rpg-dice-roller';

const exprs = process.argv.slice(2);
const seconds = Number(process.env.BENCH_SECONDS || '1');

function measure(fn) {
  // Warm up, then count calls in a fixed time, checking the clock every 1000.
  for (let i = 0; i < 20000; i++) fn();
  const start = process.hrtime.bigint();
  const limit = BigInt(Math.round(seconds * 1e9));
  let n = 0;
  let sink = 0;
  for (;;) {
    for (let i = 0; i < 1000; i++) sink += fn();
    n += 1000;
    const el = process.hrtime.bigint() - start;
    if (el >= limit) return { rate: n / (Number(el) / 1e9), sink };
  }
}

for (const expr of exprs) {
  const roll = new DiceRoll(expr);
  const once = measure(() => { roll.roll(); return roll.total; });
  const every = measure(() => new DiceRoll(expr).total);
  console.log(JSON.stringify({ expr, once: once.rate, every: every.rate, sample: roll.output }));
}
