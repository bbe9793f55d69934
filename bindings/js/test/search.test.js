// The computer player through the binding: Search in this thread and
// SearchWorker in a worker_threads Worker (the Web Worker of a page), over
// every game: a legal move from a short search, the same move, visits and
// values for the same seed and playouts (in this thread or the worker),
// the tree kept across play and sync, and the errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { BoardGamesError, Game, Search, SearchWorker, games } from './index.js';

function fails(fn, codeName, detail) {
	assert.throws(fn, e => e instanceof BoardGamesError && e.codeName === codeName &&
		(!detail || detail.test(e.detail)));
}

for (const info of games()) {
	test(`${info.name}: a short search gives a legal move, the same every time`, () => {
		const g = new Game(info.name);
		const run = () => {
			const s = new Search(g, { seed: 7n });
			const move = s.think({ playouts: 64 });
			const lines = s.analysis();
			const figures = { move: move.text, lines: lines.map(l => [l.move.text, l.visits, l.value]) };
			assert.equal(lines.reduce((a, l) => a + l.visits, 0), s.info.rootVisits);
			assert.equal(s.info.playouts, 64);
			s.free();
			return figures;
		};
		const a = run();
		assert.ok(g.legalMoves().some(m => m.text === a.move));
		assert.deepEqual(run(), a);
		g.free();
	});
}

test('the tree follows play and sync; pv starts with the line\'s move', () => {
	const g = new Game('kutochki');
	const s = new Search(g, { level: 10, seed: 1n });
	const m = s.think({ playouts: 300 });
	assert.equal(s.pv(0)[0].text, s.analysis()[0].move.text);
	g.play(m);
	s.play(m.text);
	const kept = s.info.rootVisits;
	assert.ok(kept > 0, 'the subtree below the move played is kept');
	const reply = s.think({ playouts: 100 });
	g.play(reply);
	s.sync(g);
	assert.ok(g.legalMoves().some(x => x.equals(s.think({ playouts: 50 }))));
	fails(() => s.play('a1-a9'), 'EPARSE');
	s.free();
	fails(() => s.think(), 'EINVAL', /freed/);
	fails(() => new Search(g, { level: 11 }), 'EINVAL', /level/);
	g.resign(0);
	fails(() => new Search(g).think({ playouts: 10 }), 'EGAMEOVER');
});

test('SearchWorker: the same search in a worker', async () => {
	const g = new Game('mill');
	const here = new Search(g, { seed: 5n, level: 10 });
	const want = here.think({ playouts: 200 }).text;
	here.free();
	const w = await SearchWorker.create(g, { seed: 5n, level: 10 });
	try {
		const got = await w.think({ playouts: 200 });
		assert.equal(got.text, want);
		assert.equal((await w.info()).playouts, 200);
		g.play(got);
		await w.sync(g);
		const next = await w.think({ playouts: 50 });
		assert.ok(g.legalMoves().some(x => x.equals(next)));
		await assert.rejects(w.play('zz99'), e => e instanceof BoardGamesError && e.codeName === 'EPARSE');
	} finally {
		await w.terminate();
	}
});

test('SearchWorker.terminate: an idle worker ends by itself, a busy one is stopped', async () => {
	const g = new Game('mill');
	const idle = await SearchWorker.create(g, { level: 1 });
	await idle.think({ playouts: 10 });
	// Exit code 0: the worker closed its port and ended, not terminated.
	assert.equal(await idle.terminate(), 0);
	const busy = await SearchWorker.create(g, { level: 10 });
	busy.think({ seconds: 60 }); // never answers: the worker is stopped in it
	const t0 = Date.now();
	assert.equal(await busy.terminate(), 1);
	assert.ok(Date.now() - t0 < 30000, 'terminate waited for the think');
	g.free();
});
