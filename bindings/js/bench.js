// Random playouts through the JavaScript binding, as bench/bgbench plays
// them natively: from the start to the game's end (bg_playout, at most
// 100,000 plies), then undone move by move to the start.
//   node bench.js [SPEC ...] [--seconds S]      (default: every game, 1 s)
// One line per spec: "SPEC plies/s=N playouts/s=N avg_plies=N".
import { Game, games } from './index.js';

const args = process.argv.slice(2);
let seconds = 1;
const at = args.indexOf('--seconds');
if (at >= 0)
	seconds = Number(args.splice(at, 2)[1]);
const specs = args.length ? args : games().map(g => g.name);

for (const spec of specs) {
	const g = new Game(spec);
	let state = 1n, plies = 0, playouts = 0;
	const run = limit => {
		const t0 = performance.now();
		let t;
		do {
			const r = g.playout(state, 100000);
			for (let i = 0; i < r.plies; i++)
				g.undo();
			state = r.state;
			plies += r.plies;
			playouts++;
			t = (performance.now() - t0) / 1000;
		} while (t < limit);
		return t;
	};
	run(seconds / 10); // warm-up: the JIT and the allocator
	plies = playouts = 0;
	const t = run(seconds);
	console.log(`${spec} plies/s=${Math.round(plies / t)} ` +
		`playouts/s=${Math.round(playouts / t)} avg_plies=${(plies / playouts).toFixed(1)}`);
	g.free();
}
