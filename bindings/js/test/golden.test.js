// The C suite's golden values (tests/golden/golden.txt, written by
// tests/golden-gen from the code and replayed by tests/test_golden.c),
// replayed through the JavaScript binding: for every spec of every game the
// canonical spec, the start hash, the moves bg_random_move() draws from
// three generator states with the hash after each, the perft counts (by
// legalMoves, play and undo) and a whole random game with its end, scores
// and hash. The same figures as native code: the WebAssembly build keeps
// every promise of the header.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { Game, BoardGamesError, games } from './index.js';

const source = process.env.BOARDGAMES_SOURCE;
if (!source)
	throw new Error('BOARDGAMES_SOURCE: the source tree, for tests/golden');

// Records: the lines of one spec, by their first word ("draws" repeats).
function readGolden(path) {
	const records = [];
	let r = null;
	readFileSync(path, 'utf8').split('\n').forEach((line, i) => {
		if (!line || line.startsWith('#'))
			return;
		const sp = line.indexOf(' ');
		const key = sp < 0 ? line : line.slice(0, sp);
		const value = sp < 0 ? '' : line.slice(sp + 1);
		if (key === 'spec') {
			r = { line: i + 1, draws: [] };
			records.push(r);
		}
		if (key === 'draws')
			r.draws.push(value);
		else
			r[key] = value;
	});
	return records;
}

const hex = h => h.toString(16).padStart(16, '0');

function perft(g, depth) {
	if (depth === 1)
		return g.legalMoveCount();
	let total = 0;
	for (const m of g.legalMoves()) {
		g.play(m);
		total += perft(g, depth - 1);
		g.undo();
	}
	return total;
}

// "HASH STATUS WINNER REASON SCORE0 SCORE1" as golden-gen writes them
// (a game without scores: 0 0).
function final(g) {
	const o = g.outcome;
	const scores = o.scores ?? [0, 0];
	return [hex(g.hash), o.status, o.winner ?? -1, o.reason,
		...scores.map(s => String(s))].join(' ');
}

const records = readGolden(join(source, 'tests', 'golden', 'golden.txt'));

test('the golden file covers every game', () => {
	const names = new Set(records.map(r => r.canonical.split(':')[0]));
	assert.deepEqual([...names].sort(), games().map(g => g.name).sort());
});

for (const r of records) {
	test(`${r.spec} (golden.txt line ${r.line})`, () => {
		const g = new Game(r.spec);
		assert.equal(g.spec, r.canonical);
		assert.equal(hex(g.hash), r.start);
		assert.deepEqual(r.perft.split(' ').map(Number),
			r.perft.split(' ').map((_, d) => perft(g, d + 1)));
		assert.equal(hex(g.hash), r.start, 'perft left the game as it was');
		g.free();

		for (const line of r.draws) {
			const [state, ...rest] = line.split(' ');
			const d = new Game(r.spec);
			let st = BigInt('0x' + state);
			for (let i = 0; i < rest.length; i += 2) {
				const { move, state: next } = d.randomMove(st);
				st = next;
				assert.equal(move.text, rest[i], `draw ${i / 2 + 1} from ${state}`);
				d.play(move);
				assert.equal(hex(d.hash), rest[i + 1]);
			}
			if (rest.length < 16)
				assert.throws(() => d.randomMove(st), e =>
					e instanceof BoardGamesError && e.codeName === 'EGAMEOVER');
			d.free();
		}

		// The random game: drawn again from its seed, move by move.
		const [seed, plies, end] = r.game.split(' ');
		const moves = r.moves ? r.moves.split(' ') : [];
		assert.equal(moves.length, Number(plies));
		const h = new Game(r.spec);
		let st = BigInt('0x' + seed);
		for (const want of moves) {
			const { move, state } = h.randomMove(st);
			st = state;
			assert.equal(move.text, want);
			h.play(move);
		}
		assert.equal(h.outcome.over, end === 'end');
		assert.equal(final(h), r.final);
		// ... and by playout, which stops by itself at the end.
		const p = new Game(r.spec);
		const out = p.playout(BigInt('0x' + seed),
			Number(plies) + (end === 'end' ? 1 : 0));
		assert.equal(out.plies, Number(plies));
		assert.equal(p.position, h.position);
		h.free();
		p.free();
	});
}
