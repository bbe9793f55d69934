// The web page in a real browser: Debian's chromium, headless, driven by
// puppeteer-core. For every game a person plays against the computer at
// level 1 through clicks on the board, to the end of the game (the move
// limit set in the options form where the game has one, else resignation
// after PLY_CAP plies). After each move the page's position text is checked
// against the same moves played by the binding in Node. Screenshots of each
// game's start and end go to OUT.
//
//   node web/tests/play.mjs SITE OUT
//
// Exit 77 (skipped) when chromium is not installed. Prints
// 'N passed, M failed' at the end.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [site, out] = process.argv.slice(2).map((p) => resolve(p));
const chromium = process.env.CHROMIUM ?? '/usr/bin/chromium';
const PLY_CAP = 40;
const MOVE_LIMIT = '40';
// Options set through the form besides the move limit: Dots on a small
// field, so that the screenshots show the game.
const OPTIONS = { tochki: { size: '12x12' } };

if (!existsSync(chromium)) {
	console.log(`SKIP: ${chromium} is not installed (apt-get install chromium, ` +
		'or ./dev.sh test, which installs it)');
	process.exit(77);
}
let puppeteer;
try {
	puppeteer = (await import('puppeteer-core')).default;
} catch {
	console.log('SKIP: puppeteer-core is not installed (npm ci in web/tests, ' +
		'or ./dev.sh test, which runs it)');
	process.exit(77);
}
mkdirSync(out, { recursive: true });
const bg = await import(pathToFileURL(join(site, 'lib', 'index.js')).href);

// ---- A static server for SITE ------------------------------------------------

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
const server = createServer((req, res) => {
	const path = join(site, decodeURIComponent(new URL(req.url, 'http://x').pathname));
	const file = path.endsWith('/') ? join(path, 'index.html') : path;
	if (!file.startsWith(site) || !existsSync(file)) {
		res.writeHead(404).end();
		return;
	}
	res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
	res.end(readFileSync(file));
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const url = `http://127.0.0.1:${server.address().port}/`;

// ---- Checks --------------------------------------------------------------------

let passed = 0, failed = 0;
function check(ok, what) {
	if (ok) {
		passed++;
	} else {
		failed++;
		console.log(`not ok: ${what}`);
	}
	return ok;
}

// A small seeded generator: the same person plays the same games.
function lcg(seed) {
	let s = seed >>> 0;
	return (n) => {
		s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
		return s % n;
	};
}

const browser = await puppeteer.launch({
	executablePath: chromium,
	headless: true,
	args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const page = await browser.newPage();
await page.setViewport({ width: 1100, height: 900 });
const problems = [];
page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
page.on('pageerror', (e) => problems.push(String(e)));

await page.goto(url, { waitUntil: 'load' });
await page.waitForFunction(() => window.bgApp?.game && document.body.dataset.state);
check(problems.length === 0, `the page loads without console errors: ${problems.join(' | ')}`);

// On a phone-sized screen the board fits the width and comes first.
await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
const fit = await page.$eval('#board svg', (svg) => {
	const r = svg.getBoundingClientRect();
	return { left: r.left, right: r.right, top: r.top, width: document.documentElement.clientWidth };
});
check(fit.left >= 0 && fit.right <= fit.width && fit.top < 200,
	`the board fits a 390-pixel screen at the top: ${JSON.stringify(fit)}`);
await page.screenshot({ path: join(out, 'web-phone.png') });
await page.setViewport({ width: 1100, height: 900 });

// ---- Playing one game ----------------------------------------------------------

const state = () => page.evaluate(() => document.body.dataset.state);
const waitIdle = () => page.waitForFunction(
	() => document.body.dataset.state !== 'thinking', { timeout: 120000 });

// The page's game as the binding in Node replays it: each new move of the
// page's history is played here, then the position texts must agree.
async function follow(mirror, name) {
	const { history, position } = await page.evaluate(() => ({
		history: window.bgApp.game.history().map(String),
		position: window.bgApp.game.position,
	}));
	for (const text of history.slice(mirror.ply))
		mirror.play(text);
	return check(mirror.position === position,
		`${name} ply ${mirror.ply}: the page shows ${position}, the binding ${mirror.position}`);
}

// One move of the person: the points of a random legal move clicked on the
// board, or its button when it has no point (pass, ground) or when the
// clicks leave a choice.
async function personMoves(next) {
	const moves = await page.evaluate(() => window.bgApp.game.legalMoves().map((m) => ({
		text: m.text,
		clicks: window.bgApp.clicks(m).map((p) => window.bgApp.game.pointName(p)),
	})));
	const move = moves[next(moves.length)];
	const before = await page.evaluate(() => window.bgApp.game.ply);
	for (const name of move.clicks)
		await page.click(`#board [data-point="${name}"]`);
	if (await page.evaluate(() => window.bgApp.game.ply) === before)
		await page.click(`#choices button[data-move="${move.text}"]`);
	const after = await page.evaluate(() => window.bgApp.game.history().map(String));
	return check(after.length > before && after[before] === move.text,
		`clicking ${move.clicks.join(' ')} plays ${move.text} (history ends ${after.slice(-2)})`);
}

async function setOption(key, value) {
	const sel = `#options [data-key="${key}"]`;
	if (!await page.$(sel))
		return false;
	await page.$eval(sel, (el, v) => { el.value = v; }, value);
	await page.$eval(sel, (el) => el.dispatchEvent(new Event('change', { bubbles: true })));
	return true;
}

async function playGame(info, index) {
	await page.select('#game', info.name);
	await page.$eval('#level', (el) => { el.value = '1'; el.dispatchEvent(new Event('change')); });
	for (const [key, value] of Object.entries(OPTIONS[info.name] ?? {}))
		check(await setOption(key, value), `${info.name}: the form has ${key}`);
	const limited = await setOption('max_plies', MOVE_LIMIT);
	await waitIdle();
	const spec = await page.evaluate(() => window.bgApp.game.spec);
	const mirror = new bg.Game(spec);
	await page.screenshot({ path: join(out, `web-${info.name}-start.png`) });
	const next = lcg(index + 1);
	let ok = true;
	while (ok && await state() !== 'over') {
		const ply = await page.evaluate(() => window.bgApp.game.ply);
		if (!limited && ply >= PLY_CAP) {
			await page.click('#resign');
			break;
		}
		ok = await personMoves(next) && await follow(mirror, info.name);
		await waitIdle();
		ok = ok && await follow(mirror, info.name);
	}
	const outcome = await page.evaluate(() => window.bgApp.game.outcome);
	const status = await page.$eval('#status', (el) => el.textContent);
	check(outcome.over, `${info.name}: the game ended (${status})`);
	check(ok && status.includes('—'), `${info.name}: the result is said in words: ${status}`);
	await page.screenshot({ path: join(out, `web-${info.name}-end.png`) });
	console.log(`${info.name}: ${mirror.ply} plies, ${status}`);
	mirror.free();
}

try {
	const infos = bg.games();
	for (let i = 0; i < infos.length; i++)
		await playGame(infos[i], i);
	check(problems.length === 0, `no console errors while playing: ${problems.join(' | ')}`);
} catch (err) {
	check(false, `the browser run: ${err.stack ?? err}`);
} finally {
	await browser.close();
	server.close();
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
