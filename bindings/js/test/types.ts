// The declarations of index.d.ts against a program that uses every part of
// the API as doc/javascript.md shows it: `tsc --strict --noEmit` must take
// it (the js-types test). Not run.
import {
	BoardGamesError, ErrorCode, Game, Move, Outcome, findGame, games,
	reasonName, reasonNames, strerror, version, versionNumber,
} from './index.js';

const g: Game = new Game('kutochki', { size: 8, diagonal: false });
const moves: Move[] = g.legalMoves({ from: 'h3' });
const m: Move = g.play(moves[0]);
const kind: 'pass' | 'place' | 'step' | 'jump' | 'capture' | 'ground' = m.kind;
const path: number[] = m.path.concat(m.removals);
g.undo();
g.play('h3-f3');
const o: Outcome = g.outcome;
const scores: [number, number] | null = o.scores;
const winner: 0 | 1 | null = o.winner;
const drawn: { move: Move; state: bigint } = g.randomMove(1n);
const out: { plies: number; state: bigint } = g.playout(drawn.state, 10);
const hash: bigint = g.hash;
const texts: string[] = [g.position, g.record, g.svg({ width: 300, selected: 'f3', targets: [1, 'e1'] }),
	g.spec, g.name, g.lastError, g.seatName(0), g.pointName(0), version(), strerror(-5),
	reasonName(1), ...reasonNames(), m.text, String(m), findGame('dots').titles.ru];
const board = g.board;
const cells: 'cells' | 'intersections' | 'lines' = board.kind;
const piece = g.piece('h1');
const seat: 0 | 1 | undefined = piece?.seat;
const copy: Game = Game.fromRecord(Game.fromPosition(g.position).record).clone();
const dots = Game.readSgf('(;GM[40]SZ[5])');
const warnings: string[] = dots.warnings;
const rings = dots.game.tochkiRings().map(r => r.points.length + r.owner);
const n: number = g.legalMoveCount() + g.ply + g.toMove + g.maxMoves + versionNumber() +
	games().length + Game.sgfCount(dots.game.sgf()) + g.effects().length + out.plies;
try {
	g.play('a1-a9');
} catch (e) {
	if (e instanceof BoardGamesError && e.code === ErrorCode.EPARSE)
		console.log(e.codeName, e.detail, e.message);
}
copy.free();
console.log(kind, path, scores, winner, hash, texts, cells, seat, warnings, rings, n, g.freed);

// The computer player.
import { Search, SearchWorker, SearchInfo, SearchLine } from './index.js';
const searcher = new Search(g, { level: 5, seed: 1n, plyCap: 200 });
const best: Move = searcher.think({ playouts: 100, seconds: 1 });
searcher.play(best);
searcher.sync(g);
const lines: SearchLine[] = searcher.analysis();
const info: SearchInfo = searcher.info;
const variation: Move[] = searcher.pv(0);
searcher.free();
async function inWorker(): Promise<string> {
	const w = await SearchWorker.create(g, { level: 3 });
	const m: Move = await w.think({ seconds: 0.5 });
	await w.play(m);
	await w.sync(g);
	const texts: SearchLine<string>[] = await w.analysis();
	const pv: string[] = await w.pv();
	await w.terminate();
	return texts[0].move + pv.join(' ') + (await w.info()).level;
}
console.log(lines.length, info.level, variation.length, inWorker());
