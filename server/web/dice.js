// Checking a finished match's dice in the browser (docs/protocol.md, "Dice
// you can check"): the seed hashes to the commitment published when the
// match started, and every die the replay shows is the next one ChaCha20
// draws from that seed. The rules log every die they roll, in the order
// they roll it (rules/tests/dice_are_logged.rs keeps it so), so the dice
// of the replay's `dice_rolled` effects, in event and effect order, are the
// whole draw: no rules engine is needed to check them.

/** The 32 seed bytes from hex, or null when it is not 64 hex digits. */
export function seedBytes(hex) {
  if (typeof hex !== "string" || !/^[0-9a-fA-F]{64}$/.test(hex)) return null;
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i++) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

function hex(bytes) {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Whether SHA-256 of the seed's bytes is the commitment. Web Crypto exists
 * only in a secure context (https, or localhost), so elsewhere the answer
 * says the check could not be made, and where else to make it.
 */
export async function checkSeed(seedHex, commitment) {
  const bytes = seedBytes(seedHex);
  if (!bytes) return { ok: false, text: "The replay's seed is not 32 bytes in hex." };
  const subtle = globalThis.crypto && globalThis.crypto.subtle;
  if (!subtle) {
    return {
      ok: null,
      text:
        "This browser cannot hash here: Web Crypto needs a secure page (https, or localhost). " +
        "Check the seed with `echo -n SEED | xxd -r -p | sha256sum`, or ask the server's operator for `fray-server verify`.",
    };
  }
  const digest = hex(await subtle.digest("SHA-256", bytes));
  if (digest === String(commitment).toLowerCase()) {
    return { ok: true, text: "The seed is the one committed to when the match started (its SHA-256 is the commitment)." };
  }
  return { ok: false, text: `The seed is not the committed one: its SHA-256 is ${digest}, the commitment ${commitment}.` };
}

const SIGMA = [0x61707865, 0x3320646e, 0x79622d32, 0x6b206574]; // "expand 32-byte k"

function rotl(x, n) {
  return (x << n) | (x >>> (32 - n));
}

function quarter(x, a, b, c, d) {
  x[a] = (x[a] + x[b]) | 0; x[d] = rotl(x[d] ^ x[a], 16);
  x[c] = (x[c] + x[d]) | 0; x[b] = rotl(x[b] ^ x[c], 12);
  x[a] = (x[a] + x[b]) | 0; x[d] = rotl(x[d] ^ x[a], 8);
  x[c] = (x[c] + x[d]) | 0; x[b] = rotl(x[b] ^ x[c], 7);
}

/** RFC 7539's block function: 16 words from a key, a counter and a nonce. */
export function chachaBlock(key, counter, nonce = [0, 0, 0]) {
  const view = new DataView(key.buffer, key.byteOffset, 32);
  const state = new Uint32Array(16);
  state.set(SIGMA);
  for (let i = 0; i < 8; i++) state[4 + i] = view.getUint32(4 * i, true);
  state[12] = counter;
  state.set(nonce, 13);
  const x = Int32Array.from(state);
  for (let round = 0; round < 10; round++) {
    quarter(x, 0, 4, 8, 12); quarter(x, 1, 5, 9, 13); quarter(x, 2, 6, 10, 14); quarter(x, 3, 7, 11, 15);
    quarter(x, 0, 5, 10, 15); quarter(x, 1, 6, 11, 12); quarter(x, 2, 7, 8, 13); quarter(x, 3, 4, 9, 14);
  }
  const out = new Uint32Array(16);
  for (let i = 0; i < 16; i++) out[i] = (x[i] + state[i]) >>> 0;
  return out;
}

/**
 * The server's dice: `rand_chacha`'s ChaCha20Rng from the seed (nonce 0,
 * blocks counted from 0, each block's words in order), and a die of `n`
 * sides drawn by rejection as the rules' ChaChaDice draws it.
 */
export class SeededDice {
  constructor(seed) {
    this.key = seed;
    this.counter = 0;
    this.words = new Uint32Array(0);
    this.used = 0;
  }

  nextU32() {
    if (this.used === this.words.length) {
      this.words = chachaBlock(this.key, this.counter++);
      this.used = 0;
    }
    return this.words[this.used++];
  }

  roll(sides) {
    const max = 0xffffffff;
    const zone = max - (max % sides);
    for (;;) {
      const value = this.nextU32();
      if (value < zone) return (value % sides) + 1;
    }
  }
}

/** Every roll in the replay, in the order the server made them. */
export function rollsOf(replay) {
  const rolls = [];
  for (const event of replay.events || []) {
    for (const scoped of event.effects || []) {
      if (scoped.effect.type === "dice_rolled") rolls.push({ seq: event.seq, roll: scoped.effect.roll });
    }
  }
  return rolls;
}

/**
 * Whether every die of `rolls` is the next one the seed draws.
 * {ok: true, count} or {ok: false, index, seq, die, expected}.
 */
export function checkRolls(seedHex, rolls) {
  const seed = seedBytes(seedHex);
  if (!seed) return { ok: false, index: 0, seq: null, reason: "no seed" };
  const dice = new SeededDice(seed);
  for (let index = 0; index < rolls.length; index++) {
    const { seq, roll } = rolls[index];
    for (const die of roll.dice || []) {
      const sides = Number(die.sides);
      const expected = Number.isInteger(sides) && sides >= 1 && sides <= 255 ? dice.roll(sides) : null;
      if (expected === null || expected !== die.face) return { ok: false, index, seq, roll, die, expected };
    }
  }
  return { ok: true, count: rolls.length };
}

/** Both checks of a replay, each {ok: true | false | null, text}. */
export async function checkReplay(replay) {
  const seed = await checkSeed(replay.seed, replay.summary.commitment);
  const rolls = rollsOf(replay);
  const drawn = checkRolls(replay.seed, rolls);
  let text;
  if (drawn.ok && drawn.count === 0) text = "No dice were rolled in this match.";
  else if (drawn.ok) text = `All ${drawn.count} roll${drawn.count === 1 ? "" : "s"} came from the seed.`;
  else if (drawn.reason) text = "The rolls cannot be checked: the replay has no seed.";
  else {
    const shown = drawn.die ? `a d${drawn.die.sides} showing ${drawn.die.face}` : "a die";
    const wanted = drawn.expected === null ? "no die the seed can draw" : `${drawn.expected}`;
    text = `Roll ${drawn.index + 1} of ${rolls.length} (event ${drawn.seq}) did not come from the seed: ${shown}, where the seed draws ${wanted}.`;
  }
  return { seed, rolls: { ok: drawn.ok, text, failed: drawn.ok ? null : drawn } };
}
