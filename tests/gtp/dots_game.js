// bgengine as a GTP engine, driven by Sabaki's GTP controller library
// (@sabaki/gtp) as a Dots GUI drives KataGo's Dots fork: a whole game on a
// small field with every answer checked, grounding, and bad input.
//
// usage: node dots_game.js BGENGINE
'use strict'

const assert = require('assert/strict')
const {Controller} = require('@sabaki/gtp')

const engine = process.argv[2]
// What runs a program of a cross build here (meson test's, e.g. wine).
const wrapper = (process.env.MESON_EXE_WRAPPER || '').split(' ').filter(Boolean)

// The engine with these arguments, as a GUI starts it.
function engineController(args) {
  return wrapper.length === 0 ? new Controller(engine, args)
    : new Controller(wrapper[0], [...wrapper.slice(1), engine, ...args])
}
const W = 5
const H = 4

async function send(ctl, name, ...args) {
  return await ctl.sendCommand({name, args: args.map(String)})
}

async function ok(ctl, name, ...args) {
  const r = await send(ctl, name, ...args)
  assert.equal(r.error, false, `${name} ${args.join(' ')}: ${r.content}`)
  return r.content
}

async function fails(ctl, name, ...args) {
  const r = await send(ctl, name, ...args)
  assert.equal(r.error, true, `${name} ${args.join(' ')} must fail`)
  assert.ok(r.content.length > 0, `${name}: the error says why`)
  return r.content
}

// The moves as get_moves lists them: [[colour, vertex], ...].
async function moves(ctl) {
  const s = await ok(ctl, 'get_moves')
  const t = s.split(' ').filter(x => x)
  const out = []
  for (let i = 0; i < t.length; i += 2) out.push([t[i], t[i + 1]])
  return out
}

function inField(v) {
  const m = /^(\d+)-(\d+)$/.exec(v)
  return m != null && +m[1] >= 1 && +m[1] <= W && +m[2] >= 1 && +m[2] <= H
}

async function protocol(ctl) {
  assert.equal(await ok(ctl, 'protocol_version'), '2')
  assert.equal(await ok(ctl, 'name'), 'bgengine')
  assert.match(await ok(ctl, 'version'), /libboardgames \d+\.\d+\.\d+/)
  const list = (await ok(ctl, 'list_commands')).split('\n')
  for (const c of ['protocol_version', 'name', 'version', 'known_command',
    'list_commands', 'boardsize', 'rectangular_boardsize', 'clear_board',
    'play', 'genmove', 'undo', 'final_score', 'showboard', 'quit',
    'get_boardsize', 'get_komi', 'get_moves', 'set_position', 'get_position',
    'kata-get-rules', 'kata-set-rule', 'kata-get-param', 'kata-set-param']) {
    assert.ok(list.includes(c), `list_commands names ${c}`)
    assert.equal(await ok(ctl, 'known_command', c), 'true')
  }
  assert.equal(await ok(ctl, 'known_command', 'frobnicate'), 'false')
}

async function sizes(ctl) {
  await ok(ctl, 'boardsize', 7)
  assert.equal(await ok(ctl, 'get_boardsize'), '7')
  await ok(ctl, 'rectangular_boardsize', 6, 5)
  assert.equal(await ok(ctl, 'get_boardsize'), '6:5')
  await ok(ctl, 'boardsize', `${W}:${H}`)
  assert.equal(await ok(ctl, 'get_boardsize'), `${W}:${H}`)
  for (const bad of [['0'], ['x'], ['3:'], ['100:3'], ['1', '2', '3']]) {
    await fails(ctl, 'boardsize', ...bad)
    assert.equal(await ok(ctl, 'get_boardsize'), `${W}:${H}`,
      `boardsize ${bad.join(' ')} changes nothing`)
  }
  await ok(ctl, 'clear_board')
  await ok(ctl, 'komi', 0)
  assert.equal(await ok(ctl, 'get_komi'), '0')
  await fails(ctl, 'komi', 6.5)
}

// A whole game: the engine plays both colours with genmove, and the
// controller checks each answer against the list of moves.
async function wholeGame(ctl) {
  await ok(ctl, 'clear_board')
  assert.deepEqual(await moves(ctl), [])
  // The start position is the cross: four points in the middle, drawn.
  const board = await ok(ctl, 'showboard')
  assert.equal(board.split('\n').filter(l => /^\s*\d+ /.test(l)).length, H)
  // The controller plays the first move itself, in a corner.
  await ok(ctl, 'play', 'P1', '1-1')
  assert.deepEqual(await moves(ctl), [['P1', '1-1']])
  const seen = new Set(['1-1'])
  let colour = 'P2'
  let n = 1
  for (;;) {
    const r = await send(ctl, 'genmove', colour)
    if (r.error) {
      assert.equal(r.content, 'the game is over')
      break
    }
    const v = r.content
    assert.ok(inField(v) || v === 'ground', `genmove answers a vertex: ${v}`)
    if (v !== 'ground') {
      assert.ok(!seen.has(v), `${v} is a free point`)
      seen.add(v)
    }
    n++
    const list = await moves(ctl)
    assert.equal(list.length, n, 'the move is played')
    assert.deepEqual(list[n - 1], [colour, v])
    // An occupied point is refused and changes nothing.
    if (v !== 'ground') {
      await fails(ctl, 'play', colour === 'P1' ? 'P2' : 'P1', v)
      assert.equal((await moves(ctl)).length, n)
    }
    colour = colour === 'P1' ? 'P2' : 'P1'
    assert.ok(n <= W * H, 'the game ends before the field is full twice')
  }
  const score = await ok(ctl, 'final_score')
  assert.match(score, /^(0|P[12]\+\d+)$/)
  // Undo two and play them again in one play command: the same game.
  const all = await moves(ctl)
  await ok(ctl, 'undo', 2)
  assert.deepEqual(await moves(ctl), all.slice(0, -2))
  await ok(ctl, 'play', ...all.slice(-2).flat())
  assert.deepEqual(await moves(ctl), all)
  assert.equal(await ok(ctl, 'final_score'), score)
  return n
}

async function grounding(ctl) {
  // zagram's grounding: a side may ground at any time, and its points
  // that do not reach the edge go to the other side.
  await ok(ctl, 'boardsize', 4)
  await ok(ctl, 'clear_board')
  await ok(ctl, 'play', 'P1', '1-1')
  await ok(ctl, 'play', 'P2', 'ground')
  assert.deepEqual(await moves(ctl), [['P1', '1-1'], ['P2', 'ground']])
  // Blue's two cross points in the middle reach no edge: Red takes them.
  assert.equal(await ok(ctl, 'final_score'), 'P1+2')
  assert.equal(await fails(ctl, 'genmove', 'P1'), 'the game is over')
  await ok(ctl, 'undo')
  assert.match(await ok(ctl, 'genmove', 'P2'), /^(\d+-\d+|ground)$/)
}

async function badInput(ctl, size, groundAnyTime) {
  await ok(ctl, 'clear_board')
  await ok(ctl, 'play', 'P1', '1-1')
  const before = await moves(ctl)
  const cases = [
    ['frobnicate'],
    ['play'],
    ['play', 'P2'],
    ['play', 'green', '2-2'],
    ['play', 'P1', '2-2'],           // not P1's turn
    ['play', 'P2', '9-9'],           // off the field
    ['play', 'P2', 'q'],             // not a vertex
    ['play', 'P2', '1-1'],           // occupied
    ['play', 'P2', '2-1', 'P1', '1-1'], // the second is bad: neither
    ['genmove'],
    ['genmove', 'P1'],               // not P1's turn
    ['undo', 'x'],
    ['undo', 5],
    ['boardsize'],
  ]
  // Under the default rules grounding needs the higher score.
  if (!groundAnyTime) cases.push(['play', 'P2', 'ground'])
  for (const c of cases) {
    await fails(ctl, ...c)
    assert.deepEqual(await moves(ctl), before,
      `${c.join(' ')} changes nothing`)
  }
  assert.equal(await ok(ctl, 'get_boardsize'), size)
}

// What the dots-game GUI sends to KataGo's Dots fork: it checks the name,
// reads and sets the limits, compares the engine's field, rules, komi,
// start position and moves with its own, and brings the engine to its
// game by a full set-up or by undo and play.
async function guiSession(ctl) {
  assert.equal(await ok(ctl, 'name'), 'KataGoDots')
  assert.equal(await ok(ctl, 'kata-get-param', 'maxTime'), '0')
  await ok(ctl, 'kata-set-param', 'maxVisits', 60)
  assert.equal(await ok(ctl, 'kata-get-param', 'maxVisits'), '60')
  // Full set-up: size, rules, komi, an empty start position, the moves.
  await ok(ctl, 'boardsize', '6:5')
  await ok(ctl, 'kata-set-rule', 'dotsCaptureEmptyBase', 'false')
  await ok(ctl, 'kata-set-rule', 'suicide', 'true')
  await ok(ctl, 'komi', '0.0')
  await ok(ctl, 'set_position')
  assert.equal(await ok(ctl, 'get_position'), '')
  await ok(ctl, 'play', 'P1', '3-3', 'P2', '4-3', 'P1', '3-2')
  // The checks that decide how the GUI brings the engine to its game.
  assert.equal(await ok(ctl, 'get_boardsize'), '6:5')
  const rules = await ok(ctl, 'kata-get-rules')
  const pairs = Object.fromEntries(rules.replace(/^\{|\}$/g, '').split(',')
    .map(kv => kv.split(':').map(x => x.replace(/^"|"$/g, ''))))
  assert.equal(pairs.dots, 'true')
  assert.equal(pairs.dotsCaptureEmptyBase, 'false')
  assert.equal(pairs.suicide, 'true')
  assert.equal(Number(await ok(ctl, 'get_komi')), 0)
  assert.deepEqual(await moves(ctl),
    [['P1', '3-3'], ['P2', '4-3'], ['P1', '3-2']])
  // Moves sync: one move taken back, two played.
  await ok(ctl, 'undo', 1)
  await ok(ctl, 'play', 'P1', '2-3', 'P2', '4-2')
  assert.deepEqual(await moves(ctl),
    [['P1', '3-3'], ['P2', '4-3'], ['P1', '2-3'], ['P2', '4-2']])
  assert.ok(inField6x5(await ok(ctl, 'genmove', 'P1')))
  // A start position of single dots, colours in any order; P1 moves.
  await ok(ctl, 'set_position', 'P2', '2-2', 'P2', '3-2', 'P1', '5-4')
  assert.deepEqual((await ok(ctl, 'get_position')).split(' '),
    ['P2', '2-2', 'P2', '3-2', 'P1', '5-4'])
  assert.deepEqual(await moves(ctl), [])
  await fails(ctl, 'play', 'P2', '1-1')
  await ok(ctl, 'play', 'P1', '1-1')
  // Rules changed under a game replay it: the same moves.
  await ok(ctl, 'kata-set-rule', 'dotsCaptureEmptyBase', 'true')
  assert.match(await ok(ctl, 'kata-get-rules'), /"dotsCaptureEmptyBase":true/)
  assert.deepEqual(await moves(ctl), [['P1', '1-1']])
  assert.deepEqual((await ok(ctl, 'get_position')).split(' '),
    ['P2', '2-2', 'P2', '3-2', 'P1', '5-4'])
  // Bad set-ups change nothing.
  await fails(ctl, 'set_position', 'P1', '2-2', 'P2', '2-2')
  await fails(ctl, 'set_position', 'P1')
  await fails(ctl, 'kata-set-rule', 'suicide', 'false')
  await fails(ctl, 'kata-set-rule', 'dotsFreeCapturedDots', 'true')
  await fails(ctl, 'kata-set-param', 'maxTime', 'soon')
  await fails(ctl, 'kata-get-param', 'numSearchThreads')
  assert.deepEqual(await moves(ctl), [['P1', '1-1']])
  assert.deepEqual((await ok(ctl, 'get_position')).split(' '),
    ['P2', '2-2', 'P2', '3-2', 'P1', '5-4'])
}

function inField6x5(v) {
  const m = /^(\d+)-(\d+)$/.exec(v)
  return m != null && +m[1] >= 1 && +m[1] <= 6 && +m[2] >= 1 && +m[2] <= 5
}

async function main() {
  const ctl = engineController(['--game', 'tochki:size=5x4',
    '--playouts', '100', '--seed', '5'])
  ctl.start()
  try {
    await protocol(ctl)
    await sizes(ctl)
    const n = await wholeGame(ctl)
    console.log(`a whole game of ${n} moves`)
    await badInput(ctl, `${W}:${H}`, false)
  } finally {
    await ctl.stop()
  }
  const ground = engineController(['--game',
    'tochki:size=4,ground_any_time=1', '--playouts', '50'])
  ground.start()
  try {
    await grounding(ground)
    await badInput(ground, '4', true)
  } finally {
    await ground.stop()
  }
  const gui = engineController(['--gtp-name', 'KataGoDots'])
  gui.start()
  try {
    await guiSession(gui)
  } finally {
    await gui.stop()
  }
  console.log('ok')
}

main().catch(err => {
  console.error(err)
  process.exit(1)
})
