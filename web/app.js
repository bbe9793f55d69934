// The page: every game of libboardgames against the computer or between two
// people on one device. The rules, the pictures and the computer player are
// the library's (lib/index.js, WebAssembly); this file only connects clicks
// to moves. The search runs in a Web Worker (the binding's SearchWorker), so
// the page never blocks while the computer thinks.
import * as bg from './lib/index.js';
import HOWTO from './howto.js';

const $ = (id) => document.getElementById(id);

// The reasons of the library (bg_reason_name) in words.
const REASONS = {
	'goal': ['reached the goal', 'цель достигнута'],
	'no-moves': ['the side to move cannot move', 'у ходящей стороны нет ходов'],
	'pieces': ['too few pieces left', 'осталось слишком мало фигур'],
	'leave-home': ['a home was not left in time', 'дом не покинут вовремя'],
	'tempo': ['the tempo numbers decided (lower is better)', 'решили числа темпа (меньше — лучше)'],
	'move-limit': ['the move limit was reached', 'достигнут предел числа ходов'],
	'repetition': ['a position repeated', 'позиция повторилась'],
	'grounding': ['a side grounded its dots', 'сторона заземлилась'],
	'margin': ['the score margin decided early', 'досрочно по разнице очков'],
	'no-points': ['no free point is left', 'свободных точек не осталось'],
	'passes': ['both sides passed', 'обе стороны спасовали'],
	'separated': ['the armies can no longer meet', 'армии больше не могут встретиться'],
	'material': ['too little material for anyone to win', 'ни у кого не хватает сил для победы'],
	'resignation': ['resignation', 'сдача'],
	'agreement': ['a draw by agreement', 'ничья по согласию'],
	'time': ['time', 'время'],
	'adjudication': ['adjudication', 'решение судьи'],
};

const WORDS = {
	toMove: ['to move', 'ходят'],
	thinking: ['The computer is thinking…', 'Компьютер думает…'],
	wins: ['win', 'побеждают'],
	draw: ['Draw', 'Ничья'],
	took: ['took', 'взято'],
	promoted: ['promoted', 'превращение'],
	noHowto: ['See the rules page of this game.', 'См. страницу правил игры.'],
};

// Everything the page knows; window.bgApp lets tests and the console look.
const app = {
	game: null,
	mode: 'computer',
	human: 0,
	level: 3,
	lang: 'en',
	prefix: [],       // the points clicked so far towards a move
	searcher: null,   // a SearchWorker for this game, or null
	searcherLevel: 0,
	thinking: 0,      // the id of the computer's think under way, or 0
	nextThink: 1,
	games: 0,         // games started, which seeds each game's searcher
};
window.bgApp = app;
app.clicks = (move) => clicks(move);

const say = (key) => WORDS[key][app.lang === 'ru' ? 1 : 0];

// ---- Languages ------------------------------------------------------------

function translate() {
	document.documentElement.lang = app.lang;
	for (const el of document.querySelectorAll('[data-en]'))
		el.textContent = el.dataset[app.lang];
	$('lang').textContent = app.lang === 'en' ? 'RU' : 'EN';
	fillGames();
	fillSeats();
	renderHowto();
}

function gameTitle(info) {
	return app.lang === 'ru' ? info.titles.ru : info.titles.en;
}

// ---- The choice of a game and its options --------------------------------

function fillGames() {
	const select = $('game');
	const chosen = select.value || 'kutochki';
	select.replaceChildren(...bg.games().map((info) =>
		new Option(gameTitle(info), info.name)));
	select.value = chosen;
}

function fillSeats() {
	const select = $('seat');
	const chosen = select.value || '0';
	const probe = app.game;
	select.replaceChildren(...[0, 1].map((s) =>
		new Option(probe ? probe.seatName(s) : String(s), String(s))));
	select.value = chosen;
}

// An option's control from its schema: a checkbox, a list of values, or a
// text field for ranges and patterns.
function optionControl(opt) {
	const label = document.createElement('label');
	const name = document.createElement('span');
	name.textContent = opt.key;
	label.title = opt.doc;
	let input;
	if (opt.type === 'bool') {
		input = document.createElement('input');
		input.type = 'checkbox';
		input.checked = opt.default === '1' || opt.default === 'true';
		label.className = 'bool';
		label.append(input, name);
	} else if (/^[^.|]+(\|[^.|]+)+$/.test(opt.allowed)) {
		input = document.createElement('select');
		for (const v of opt.allowed.split('|'))
			input.add(new Option(v, v));
		input.value = opt.default;
		label.append(name, input);
	} else {
		input = document.createElement('input');
		input.type = 'text';
		input.value = opt.default;
		input.placeholder = opt.allowed;
		label.append(name, input);
	}
	input.dataset.key = opt.key;
	input.dataset.default = opt.default;
	return label;
}

function fillOptions() {
	const info = bg.findGame($('game').value);
	$('options').replaceChildren(...info.options.map(optionControl));
}

// The options that differ from their defaults, as the Game constructor
// takes them.
function chosenOptions() {
	const options = {};
	for (const input of $('options').querySelectorAll('[data-key]')) {
		const value = input.type === 'checkbox' ?
			(input.checked ? '1' : '0') : input.value.trim();
		const dflt = input.dataset.default;
		const same = input.type === 'checkbox' ?
			value === (dflt === '1' || dflt === 'true' ? '1' : '0') :
			value === dflt;
		if (!same)
			options[input.dataset.key] = value;
	}
	return options;
}

// ---- Starting, loading and saving ----------------------------------------

function showError(err) {
	$('error').textContent = err ? String(err.message ?? err) : '';
}

function start(game) {
	stopThinking();
	app.games++;
	if (app.game)
		app.game.free();
	app.game = game;
	app.prefix = [];
	app.mode = $('mode').value;
	app.human = Number($('seat').value);
	app.level = Math.min(10, Math.max(1, Number($('level').value) || 1));
	document.body.classList.toggle('people', app.mode === 'people');
	fillSeats();
	renderHowto();
	update();
}

function newGame() {
	showError(null);
	try {
		start(new bg.Game($('game').value, chosenOptions()));
	} catch (err) {
		showError(err);
	}
}

function loadRecord(text) {
	showError(null);
	try {
		const sgf = text.trimStart().startsWith('(;');
		const game = sgf ? bg.Game.fromSgf(text) : bg.Game.fromRecord(text);
		$('game').value = game.name;
		fillOptions();
		start(game);
	} catch (err) {
		showError(err);
	}
}

function saveRecord() {
	const g = app.game;
	const sgf = g.name === 'tochki';
	const blob = new Blob([sgf ? g.sgf() : g.record], { type: 'text/plain' });
	const a = document.createElement('a');
	a.href = URL.createObjectURL(blob);
	a.download = `${g.name}.${sgf ? 'sgf' : 'txt'}`;
	a.click();
	URL.revokeObjectURL(a.href);
}

// ---- Moves from clicks -----------------------------------------------------

// The points a person clicks for a move: where a piece stands and where it
// lands (a chain by its ends), or the points of a placement, then the
// pieces the move removes by choice (mill, Bolotudu).
function clicks(move) {
	const p = move.path;
	const at = move.kind === 'place' || p.length < 2 ? p : [p[0], p[p.length - 1]];
	return [...at, ...move.removals];
}

function startsWith(seq, prefix) {
	return prefix.length <= seq.length && prefix.every((p, i) => seq[i] === p);
}

function humanTurn() {
	const g = app.game;
	return g && !g.outcome.over && !app.thinking &&
		(app.mode === 'people' || g.toMove === app.human);
}

function candidates(prefix) {
	return app.game.legalMoves().filter((m) => startsWith(clicks(m), prefix));
}

function clickPoint(name) {
	if (!humanTurn())
		return;
	const p = app.game.point(name);
	let prefix = [...app.prefix, p];
	let moves = candidates(prefix);
	if (!moves.length && app.prefix.length) {
		// Not a continuation: start again from this point.
		prefix = [p];
		moves = candidates(prefix);
	}
	if (!moves.length) {
		app.prefix = [];
		update();
		return;
	}
	const complete = moves.filter((m) => clicks(m).length === prefix.length);
	if (complete.length === 1 && moves.length === 1) {
		play(complete[0]);
		return;
	}
	app.prefix = prefix;
	update();
}

function play(move) {
	showError(null);
	app.prefix = [];
	try {
		app.game.play(move);
	} catch (err) {
		showError(err);
	}
	update();
}

// ---- The computer -----------------------------------------------------------

// The binding's SearchWorker: the library's search in a Web Worker, one per
// game and level, kept between moves so that it reuses its tree. Seeded by
// the count of games started, so that the same moves from the start meet
// the same replies. Null when the think `id` was given up while the worker
// started (a new game began): that worker is stopped, not kept.
async function searcher(id) {
	if (!app.searcher || app.searcherLevel !== app.level) {
		const level = app.level;
		await dropSearcher();
		const s = await bg.SearchWorker.create(app.game,
			{ level, seed: app.games });
		if (id !== app.thinking) {
			await s.terminate();
			return null;
		}
		app.searcher = s;
		app.searcherLevel = level;
	} else {
		await app.searcher.sync(app.game);
	}
	return app.searcher;
}

async function dropSearcher() {
	const old = app.searcher;
	app.searcher = null;
	if (old)
		await old.terminate();
}

// The strongest level thinks for a few seconds; the others stop at their
// level's number of playouts first.
async function think() {
	const id = app.thinking = app.nextThink++;
	try {
		const s = await searcher(id);
		if (id !== app.thinking)
			return;   // a think of a game since left
		const move = await s.think({ seconds: 3 });
		if (id !== app.thinking)
			return;
		app.thinking = 0;
		play(move.text);
	} catch (err) {
		if (id !== app.thinking)
			return;
		app.thinking = 0;
		showError(err);
		update();
	}
}

function stopThinking() {
	app.thinking = 0;
	dropSearcher();
}

// ---- Drawing -------------------------------------------------------------------

function statusLine() {
	const g = app.game;
	const out = g.outcome;
	if (out.over) {
		const why = REASONS[out.reason]?.[app.lang === 'ru' ? 1 : 0] ?? out.reason;
		const head = out.status === 'draw' ? say('draw') :
			`${g.seatName(out.winner)}: ${say('wins')}`;
		const scores = out.scores ? ` (${out.scores[0]} : ${out.scores[1]})` : '';
		return `${head}${scores} — ${why}`;
	}
	if (app.thinking)
		return say('thinking');
	return `${g.seatName(g.toMove)} ${say('toMove')}`;
}

function effectsLine() {
	const g = app.game;
	if (!g.ply)
		return '';
	const fx = g.effects();
	const took = fx.filter((e) => e.kind === 'capture').map((e) => e.name);
	const kings = fx.filter((e) => e.kind === 'promote').map((e) => e.name);
	const parts = [];
	if (took.length)
		parts.push(`${say('took')}: ${took.join(', ')}`);
	if (kings.length)
		parts.push(`${say('promoted')}: ${kings.join(', ')}`);
	return parts.join('; ');
}

function renderBoard() {
	const g = app.game;
	const moves = app.prefix.length ? candidates(app.prefix) : [];
	const targets = moves.map((m) => clicks(m)[app.prefix.length])
		.filter((p) => p !== undefined);
	$('board').innerHTML = g.svg({
		selected: app.prefix.length ? app.prefix[0] : null,
		targets: [...new Set(targets)],
		status: false,
	});
}

// Moves a click cannot make (a pass, grounding) and moves the clicks so far
// do not tell apart, as buttons.
function renderChoices() {
	const box = $('choices');
	box.replaceChildren();
	if (!humanTurn())
		return;
	const g = app.game;
	const pointless = g.legalMoves().filter((m) => clicks(m).length === 0);
	const complete = app.prefix.length ?
		candidates(app.prefix).filter((m) => clicks(m).length === app.prefix.length) : [];
	for (const m of [...pointless, ...complete]) {
		const b = document.createElement('button');
		b.type = 'button';
		b.textContent = m.text;
		b.dataset.move = m.text;
		b.onclick = () => play(m);
		box.append(b);
	}
}

function renderMoves() {
	const list = $('moves');
	list.replaceChildren(...app.game.history().map((m) => {
		const li = document.createElement('li');
		li.textContent = m.text;
		return li;
	}));
	list.scrollTop = list.scrollHeight;
}

function renderHowto() {
	const name = app.game ? app.game.name : $('game').value;
	$('howto-text').innerHTML = HOWTO[name] ?? `<p>${say('noHowto')}</p>`;
}

function update() {
	const g = app.game;
	const over = g.outcome.over;
	if (!over && !app.thinking && app.mode === 'computer' && g.toMove !== app.human)
		think();
	renderBoard();
	renderChoices();
	renderMoves();
	const fx = effectsLine();
	$('status').textContent = statusLine();
	if (fx) {
		const span = document.createElement('span');
		span.className = 'effects';
		span.textContent = ` (${fx})`;
		$('status').append(span);
	}
	$('undo').disabled = !g.ply || !!app.thinking;
	$('resign').disabled = over || !!app.thinking;
	$('draw').disabled = over || !!app.thinking;
	// For tests and scripts: what the page waits for.
	document.body.dataset.state = over ? 'over' : app.thinking ? 'thinking' : 'human';
}

// ---- Undo, resign, draw ---------------------------------------------------------

// Against the computer, undo takes back the computer's reply and your move,
// so that it is your turn again.
function undo() {
	const g = app.game;
	showError(null);
	try {
		g.undo();
		while (app.mode === 'computer' && g.ply && g.toMove !== app.human)
			g.undo();
	} catch (err) {
		showError(err);
	}
	app.prefix = [];
	update();
}

function resign() {
	const g = app.game;
	try {
		g.resign(app.mode === 'computer' ? app.human : g.toMove);
	} catch (err) {
		showError(err);
	}
	update();
}

function agreeDraw() {
	try {
		app.game.agreeDraw();
	} catch (err) {
		showError(err);
	}
	update();
}

// ---- Wiring ---------------------------------------------------------------------

function main() {
	$('version').textContent = bg.version();
	fillGames();
	fillOptions();
	$('game').onchange = () => { fillOptions(); newGame(); };
	$('options').onchange = newGame;
	$('mode').onchange = newGame;
	$('seat').onchange = newGame;
	$('level').onchange = () => { app.level = Number($('level').value) || 1; };
	$('new').onclick = newGame;
	$('undo').onclick = undo;
	$('resign').onclick = resign;
	$('draw').onclick = agreeDraw;
	$('save').onclick = saveRecord;
	$('load').onchange = async (e) => {
		const file = e.target.files[0];
		if (file)
			loadRecord(await file.text());
		e.target.value = '';
	};
	$('lang').onclick = () => {
		app.lang = app.lang === 'en' ? 'ru' : 'en';
		translate();
		update();
	};
	$('board').onclick = (e) => {
		const el = e.target.closest('[data-point]');
		if (el)
			clickPoint(el.dataset.point);
	};
	newGame();
	translate();
}

main();
