// The binding's own behaviour, over every game of the catalogue: text round
// trips (moves, positions, records, Dots' SGF), undo, copies, the board
// description and pictures (the start pictures are the reviewed ones of
// tests/svg), and errors as BoardGamesErrors that leave the game as it was.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import * as bg from './index.js';

const { Game, BoardGamesError, ErrorCode } = bg;
const source = process.env.BOARDGAMES_SOURCE;

function fails(fn, codeName, detail) {
	assert.throws(fn, e => {
		assert.ok(e instanceof BoardGamesError, String(e));
		assert.equal(e.codeName, codeName, e.message);
		assert.equal(e.code, ErrorCode[codeName]);
		if (detail)
			assert.match(e.detail, detail);
		assert.equal(e.message, `${bg.strerror(e.code)}: ${e.detail}`);
		return true;
	});
}

test('version and catalogue', () => {
	assert.match(bg.version(), /^1\.\d+\.\d+$/);
	assert.equal(bg.versionNumber() >= 10000, true);
	const names = bg.games().map(g => g.name);
	assert.equal(names.length, 15);
	assert.ok(names.includes('kutochki') && names.includes('tochki'));
	const dots = bg.findGame('dots');
	assert.equal(dots.name, 'tochki');
	assert.equal(dots.titles.ru, 'Точки');
	assert.equal(dots.options.find(o => o.key === 'size').default, '39x32');
	assert.deepEqual(bg.reasonNames().slice(0, 2), ['none', 'goal']);
	fails(() => bg.findGame('chess'), 'ENOGAME');
});

for (const info of bg.games()) {
	test(`${info.name}: a random game's texts read back at every ply`, () => {
		const g = new Game(info.name);
		const start = g.position;
		let state = 0x5eedn + BigInt(info.index);
		for (let ply = 0; ply < 60 && !g.outcome.over; ply++) {
			const moves = g.legalMoves();
			assert.equal(moves.length, g.legalMoveCount());
			const r = g.randomMove(state);
			state = r.state;
			assert.ok(moves.some(m => m.equals(r.move)));
			assert.ok(g.parseMove(r.move.text).equals(r.move));
			assert.equal(g.moveText(r.move), r.move.text);
			const before = g.position;
			assert.equal(g.play(r.move.text).text, r.move.text);
			const back = Game.fromPosition(g.position);
			assert.equal(back.position, g.position);
			assert.equal(back.hash, g.hash);
			back.free();
			g.undo();
			assert.equal(g.position, before);
			g.play(r.move);
		}
		const record = g.record;
		const again = Game.fromRecord(record);
		assert.equal(again.record, record);
		assert.equal(again.position, g.position);
		assert.deepEqual(again.history().map(String), g.history().map(String));
		assert.deepEqual(again.outcome, g.outcome);
		const copy = g.clone();
		const into = new Game(info.name);
		into.copyFrom(g);
		assert.equal(into.record, record);
		while (g.history().length)
			g.undo();
		assert.equal(g.position, start);
		assert.equal(copy.position, again.position);
		into.copyFrom(g);
		assert.equal(into.position, start);
		into.free();
		fails(() => g.undo(), 'ENOUNDO');
		for (const x of [g, again, copy])
			x.free();
	});

	test(`${info.name}: board, pieces and the reviewed start picture`, () => {
		const g = new Game(info.name);
		const b = g.board;
		assert.ok(['cells', 'intersections', 'lines'].includes(b.kind));
		b.points.forEach((p, i) => {
			assert.equal(p.index, i);
			assert.equal(g.point(p.name), i);
			assert.equal(g.pointName(i), p.name);
			assert.ok(p.x >= 0 && p.x < b.width && p.y >= 0 && p.y < b.height);
		});
		assert.equal(g.pieces.length, b.points.length);
		for (const line of b.lines)
			assert.ok(line.points.every(p => p >= 0 && p < b.points.length));
		const svg = g.svg();
		assert.equal(svg, readFileSync(join(source, 'tests', 'svg',
			`${info.name}.svg`), 'utf8'));
		assert.equal(svg.match(/data-point=/g).length, b.points.length);
		g.free();
	});
}

test('moves: kinds, paths, effects and the outcome', () => {
	const g = Game.fromPosition('senegal ....../.....b/..b.../..w.../...... w 0');
	const [m] = g.legalMoves();
	assert.equal(m.text, 'c2xc4');
	assert.equal(m.kind, 'capture');
	assert.deepEqual(m.path.map(p => g.pointName(p)), ['c2', 'c4']);
	assert.deepEqual(m.removals, []);
	assert.equal(JSON.stringify(m), '"c2xc4"');
	assert.deepEqual(g.legalMoves({ from: 'c2' }).map(String), ['c2xc4']);
	assert.deepEqual(g.legalMoves({ from: 'a1' }), []);
	g.play(m);
	assert.deepEqual(g.effects(), [{ point: g.point('c3'), name: 'c3', kind: 'capture' }]);
	assert.equal(g.toMove, 1);
	assert.equal(g.seatName(1), 'Black');
	g.resign(1);
	assert.deepEqual({ ...g.outcome }, { status: 'win', winner: 0,
		reason: 'resignation', scores: g.outcome.scores, over: true,
		result: '1-0' });
	assert.match(g.record, /\[Termination "resignation"\]/);
	// The history replays past the resignation, which is no move.
	assert.deepEqual(g.history().map(String), ['c2xc4']);
	fails(() => g.play('b4-b3'), 'EGAMEOVER');
	g.undo();
	g.declareResult('draw', null, 'agreement');
	assert.equal(g.outcome.result, '1/2-1/2');
	g.free();
});

test('Dots: rings, points and SGF both ways', () => {
	const g = new Game('tochki', { size: '5x5', start: 'empty' });
	for (const m of ['c2', 'c3', 'b3', 'a1', 'd3', 'a2', 'c4'])
		g.play(m);
	assert.deepEqual(g.tochkiRings().map(r => r.owner), [0]);
	assert.deepEqual(g.tochkiPoint('c3'), { state: 'point', color: 1, owner: 0 });
	assert.deepEqual(g.outcome.scores, [1, 0]);
	const sgf = g.sgf();
	assert.equal(Game.sgfCount(sgf), 1);
	const { game, warnings } = Game.readSgf(sgf);
	assert.deepEqual(warnings, []);
	assert.equal(game.position, g.position);
	assert.equal(Game.fromSgf(sgf, 'tochki').position, g.position);
	assert.match(g.svg({ width: 200 }), /fill-opacity="0.3"/);
	fails(() => Game.fromSgf('(;GM[1])'), 'EFORMAT');
	fails(() => new Game('mill').sgf(), 'EWRONGGAME');
	fails(() => new Game('mill').tochkiRings(), 'EWRONGGAME');
});

test('svg options', () => {
	const g = new Game('kvartet');
	const plain = g.svg({ width: 300, height: 200, coords: false, status: false });
	assert.match(plain, /width="300" height="200"/);
	assert.doesNotMatch(plain, /<text/);
	assert.equal(g.svg({ selected: 'c3', targets: ['b2', 12] }).match(/#1f9d55/g).length, 2);
	fails(() => g.svg({ selected: 25 }), 'EINVAL', /selected point 25/);
	fails(() => g.svg({ width: -1 }), 'EINVAL', /size/);
	fails(() => g.svg({ targets: ['z9'] }), 'EPARSE');
});

test('errors carry the code and detail, and change nothing', () => {
	fails(() => new Game('chess'), 'ENOGAME');
	fails(() => new Game('kutochki:size=12'), 'EOPTION', /size/);
	fails(() => new Game('kutochki', { bogus: 1 }), 'EOPTION', /bogus/);
	fails(() => Game.fromPosition('kutochki nonsense'), 'EFORMAT');
	fails(() => Game.fromRecord('[Game "kutochki"]\n\n1. a1-a9 *'), 'EFORMAT');
	const g = new Game('kutochki');
	const before = g.position;
	fails(() => g.play('h1-h2'), 'EILLEGAL');
	fails(() => g.play('zz99'), 'EPARSE');
	fails(() => g.score(2), 'EINVAL');
	try { g.score(2); } catch (e) { assert.equal(g.lastError, e.detail); }
	fails(() => g.seatName(2), 'EINVAL');
	fails(() => g.effects(), 'EINVAL');
	fails(() => g.play({}), 'EINVAL');
	assert.equal(g.position, before);
	assert.equal(g.history().length, 0);
	fails(() => new Game('kvartet').evaluate(0), 'ENOTSUP');
	g.free();
	assert.ok(g.freed);
	fails(() => g.position, 'EINVAL', /freed/);
	g.free(); // twice is harmless
});

test('the library\'s hash is a 64-bit BigInt', () => {
	const g = new Game('kutochki');
	assert.equal(typeof g.hash, 'bigint');
	assert.equal(g.hash, 0x9e4c8c7273f00006n); // tests/golden/golden.txt
});
