// The browser table of `holdem serve`: one WebSocket, the protocol of docs/server.md.
// State is rebuilt from the stream messages this seat may see; nothing is guessed.
"use strict";

const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };
const $ = (id) => document.getElementById(id);

const state = {
  table: Number(new URLSearchParams(location.search).get("table") || 0),
  socket: null,
  connected: false,
  last: 0,           // the last stream message number received
  me: null,          // my table seat
  leaving: false,    // I asked to leave: the hand plays on for me until my `leave`
  busted: false,     // I am out of chips: asked before buying in again
  pre: null,         // a pre-action for my next decision: checkfold, check or callany
  note: "",          // a message that stays until it no longer holds (Seated...)
  error: null,       // {text, until}: the server's last refusal, shown for a few seconds
  size: 6,
  settings: null,
  seats: [],         // per table seat: {name, stack, bot, out} or null
  hand: null,        // the hand in play (see newHand)
  turn: null,        // {s, d, legal, runs, deadline}
  joinClock: null,   // {d, left, at}: the welcome's clock for decision d
  retry: 0,
  quiet: 0,          // stream messages up to this number are in the kept history
  replaying: false,  // applying such a message: the state is rebuilt, not written again
  download: null,    // {want, texts, hands}: the `history` answers of a download
};

function tokenKey() { return `holdem.token.${state.table}`; }
// The seat tokens this browser held at this table (the last few, oldest
// first): they still give the hands played with them after leaving.
function playedKey() { return `holdem.played.${state.table}`; }
function playedTokens() {
  try { const kept = JSON.parse(localStorage.getItem(playedKey()) || "[]"); return Array.isArray(kept) ? kept : []; } catch (e) { return []; }
}
function keepPlayedToken(token) {
  const kept = playedTokens().filter((t) => t !== token).concat([token]).slice(-5);
  try { localStorage.setItem(playedKey(), JSON.stringify(kept)); } catch (e) { /* full: not kept */ }
}
function historyKey() { return `holdem.history.${state.table}`; }

// The history panel outlives a reload: its lines are kept in this browser
// (they hold nothing this seat was not shown); a hand streamed again after
// the reload replaces its own lines (forgetHand).
function saveHistory() {
  const lines = [...$("history").children].map((li) => [li.textContent, li.className, li.dataset.h || ""]);
  const kept = { last: state.last, lines };
  try { localStorage.setItem(historyKey(), JSON.stringify(kept)); } catch (e) { /* full: not kept */ }
}

function loadHistory() {
  let kept = null;
  try { kept = JSON.parse(localStorage.getItem(historyKey()) || "null"); } catch (e) { kept = null; }
  if (!kept || !Array.isArray(kept.lines) || !Number.isInteger(kept.last)) return;
  state.quiet = kept.last;  // messages up to this number are already written
  for (const line of kept.lines) {
    if (!Array.isArray(line) || typeof line[0] !== "string") continue;
    const li = log(line[0], typeof line[1] === "string" ? line[1] : "");
    if (line[2]) li.dataset.h = String(line[2]);
  }
}

function newHand(m) {
  const bets = {}, cards = {}, last = {}, names = {};
  m.seats.forEach((s, i) => {
    bets[s] = 0; names[s] = m.names[i];
    if (state.seats[s]) state.seats[s].stack = m.stacks[i];
  });
  return {
    number: m.h, seats: m.seats, names, button: m.button, bets, cards, last, bb: m.bb,
    folded: new Set(), mucked: new Set(), board: [], pot: 0, street: "preflop", over: false,
    runBoards: {},     // run number (2, 3) -> that run's board (R12.2)
    rake: 0,           // chips raked so far (R13)
    pots: [],          // the pots by name as the engine names them (R7.3)
    awards: [],        // {name, a, w, sh, r} as awarded
    awarded: 0,        // chips awarded so far
    shown: {},         // seat -> {h, b}: the hand in words and its best five cards
    equity: {},        // seat -> all-in equity on the board so far
    timedOut: null,    // the seat whose timeout line already tells its action
    revealed: new Set(),  // seats that showed their cards after the hand (`reveal`)
  };
}

function splitCards(text) {
  const out = [];
  for (let i = 0; i + 1 < text.length; i += 2) out.push(text.slice(i, i + 2));
  return out;
}

const RUN_WORDS = { 1: "once", 2: "twice", 3: "three times" };
const CARDS_BEFORE = { flop: 0, turn: 3, river: 4 };

function nameOf(s) {
  const h = state.hand;
  if (state.seats[s]) return state.seats[s].name;
  return h && h.names[s] !== undefined ? h.names[s] : `Seat ${s + 1}`;
}

function potTitle(name) { return name[0].toUpperCase() + name.slice(1); }

function log(text, cls) {
  const li = document.createElement("li");
  li.textContent = text;
  if (cls) li.className = cls;
  if (state.replaying) return li;  // already in the kept history
  const list = $("history");
  list.appendChild(li);
  while (list.children.length > 400) list.removeChild(list.firstChild);
  list.parentElement.scrollTop = list.parentElement.scrollHeight;
  return li;
}

function forgetHand(number) {
  // A hand streamed again (a restarted server replays the hand in play from
  // its `hand` message): its lines are written once, not twice.
  const list = $("history");
  const start = [...list.querySelectorAll("li.hand")].find((li) => li.dataset.h === String(number));
  if (!start) return;
  while (start.nextSibling) list.removeChild(start.nextSibling);
  list.removeChild(start);
}

function fixDeadline() {
  // A turn message carries the clock as it was when the turn began; after a
  // (re)join the welcome says what is left of it now.
  const c = state.joinClock, t = state.turn;
  if (c && t && t.d === c.d && c.left !== null) t.deadline = c.at + c.left * 1000;
}

function changeStack(s, delta) {
  if (state.seats[s]) state.seats[s].stack += delta;
}

// The player now at seat s is the one dealt into the hand there (a seat
// freed and taken again never shows the previous holder's cards).
function sameHolder(h, s) {
  return !!state.seats[s] && h.names[s] !== undefined && state.seats[s].name === h.names[s];
}

// ------------------------------------------------------------ the stream
function apply(m) {
  const h = state.hand;
  switch (m.t) {
    case "seat":
      state.seats[m.s] = { name: m.name, stack: m.stack, bot: !!m.bot,
                           out: state.seats[m.s] ? !!state.seats[m.s].out : false };
      if (m.s === state.me) state.busted = false;
      log(`${m.name} sits at seat ${m.s + 1} with ${m.stack}`);
      break;
    case "hand":
      if (!state.replaying) forgetHand(m.h);
      state.hand = newHand(m);
      state.turn = null;
      if (state.me !== null && m.seats.includes(state.me)) state.note = "";
      state.pre = null;
      log(`Hand #${m.h} — blinds ${m.sb}/${m.bb}, button ${nameOf(m.button)}`, "hand").dataset.h = m.h;
      break;
    case "post":
      if (!h) break;
      changeStack(m.s, -m.a); h.bets[m.s] += m.a; h.pot += m.a;
      h.last[m.s] = m.k;
      log(`${nameOf(m.s)} posts ${m.k} ${m.a}`);
      break;
    case "deal":
      if (h && m.c) { h.cards[m.s] = splitCards(m.c); log(`Dealt to you: ${pretty(m.c)}`); }
      break;
    case "board":
      if (!h) break;
      if (m.r) {  // a later run: the common cards, then its own (R12.2)
        const run = h.runBoards[m.r] || (h.runBoards[m.r] = h.board.slice(0, CARDS_BEFORE[m.st]));
        run.push(...splitCards(m.c));
        log(`Run ${m.r} ${m.st}: ${pretty(run.join(""))}`);
        break;
      }
      h.board.push(...splitCards(m.c)); h.street = m.st;
      for (const s of h.seats) { h.bets[s] = 0; if (!h.folded.has(s)) h.last[s] = ""; }
      log(`${m.st[0].toUpperCase()}${m.st.slice(1)}: ${pretty(h.board.join(""))}`);
      break;
    case "act":
      if (!h) break;
      changeStack(m.s, -m.add); h.bets[m.s] = m.to; h.pot += m.add;
      if (m.a === "fold") h.folded.add(m.s);
      h.last[m.s] = m.a + (m.a === "bet" || m.a === "raise" ? ` ${m.to}` : m.a === "call" ? ` ${m.add}` : "")
        + (m.ai ? " (all-in)" : "");
      if (h.timedOut === m.s) h.timedOut = null;  // the timeout line said it
      else log(`${nameOf(m.s)} ${h.last[m.s]}`);
      state.turn = null;
      break;
    case "return":
      if (!h) break;
      changeStack(m.s, m.a); h.bets[m.s] = Math.max(0, h.bets[m.s] - m.a); h.pot -= m.a;
      log(`${m.a} returned to ${nameOf(m.s)}`);
      break;
    case "pots":
      if (h) h.pots = m.p;
      break;
    case "allin":  // every hand still in, turned up before the run-out (R6.4)
      if (!h) break;
      m.s.forEach((s, i) => { h.cards[s] = splitCards(m.c[i]); });
      log(`All-in: ${m.s.map((s, i) => `${nameOf(s)} ${pretty(m.c[i])}`).join(", ")}`);
      break;
    case "equity":
      if (!h) break;
      h.equity = {};
      m.s.forEach((s, i) => { h.equity[s] = m.eq[i]; });
      log(`Equity${m.st === "preflop" ? "" : ` on the ${m.st}`}: `
        + m.s.map((s, i) => `${nameOf(s)} ${percent(m.eq[i])}`).join(", ")
        + (m.x ? "" : " (estimated)"), "equity");
      break;
    case "show":
      if (!h) break;
      h.cards[m.s] = splitCards(m.c); h.last[m.s] = "";  // the hand's name has its own line
      h.shown[m.s] = { h: m.h, b: m.b ? splitCards(m.b) : [] };
      log(`${nameOf(m.s)} shows ${pretty(m.c)} (${m.h})`);
      break;
    case "runs":
      if (h && h.timedOut === m.s) { h.timedOut = null; state.turn = null; break; }
      log(`${nameOf(m.s)} accepts ${m.k === 1 ? "one run" : `up to ${m.k} runs`}`);
      state.turn = null;
      break;
    case "runs_agreed":
      log(`The board is run ${RUN_WORDS[m.k]}`);
      break;
    case "rake":
      if (!h) break;
      h.pot -= m.a; h.rake += m.a;
      log(`Rake ${m.a} from the ${m.name}`);
      break;
    case "muck":
      if (h) { h.last[m.s] = "mucks"; h.mucked.add(m.s); log(`${nameOf(m.s)} mucks`); }
      break;
    case "pot": {
      if (!h) break;
      m.w.forEach((s, i) => { changeStack(s, m.sh[i]); h.pot -= m.sh[i]; });
      h.awarded += m.a;
      h.awards.push({ name: m.name, a: m.a, w: m.w, sh: m.sh, r: m.r || 0 });
      h.equity = {};
      for (const s of h.seats) h.bets[s] = 0;
      const shown = m.w.map((s) => h.shown[s]).find((x) => x);
      log(`${m.w.map(nameOf).join(" and ")} win${m.w.length > 1 ? "" : "s"} the ${m.name}`
        + `${m.r ? ` on run ${m.r}` : ""} (${m.a})${shown ? ` with ${shown.h}` : ""}`, "win");
      break;
    }
    case "end":
      if (!h) break;
      m.stacks.forEach((stack, i) => { if (state.seats[h.seats[i]]) state.seats[h.seats[i]].stack = stack; });
      h.over = true; state.turn = null;
      break;
    case "turn":
      state.turn = { s: m.s, d: m.d, legal: m.legal || null, runs: m.runs || null,
                     deadline: m.clock ? Date.now() + m.clock * 1000 : null, bank: m.bank || 0,
                     limit: state.settings ? state.settings.decision_seconds : m.clock };
      break;
    case "leave":
      state.seats[m.s] = null;
      if (m.s === state.me) {
        state.me = null; state.leaving = false; localStorage.removeItem(tokenKey());
        state.note = `You left the table with ${m.stack}.`;
      }
      log(`${m.name} leaves the table with ${m.stack}`);
      break;
    case "moved":  // a tournament moved this player to another table (R15.2, R15.3)
      state.seats[m.s] = null;
      log(`${m.name} is moved to table #${m.to + 1}`);
      break;
    case "out":  // a tournament player finishes (R15.4, R15.6)
      state.seats[m.s] = null;
      log(`${m.name} finishes ${m.place}${m.prize ? ` (prize ${m.prize})` : ""}`);
      break;
    case "timeout":
      if (h) h.timedOut = m.s;  // one line: the action that follows is this one
      log(`${nameOf(m.s)} ran out of time: ${m.a}`);
      break;
    case "sitout":
      if (state.seats[m.s]) state.seats[m.s].out = true;
      if (m.s === state.me) $("sit-out-next").checked = false;
      log(`${nameOf(m.s)} sits out${m.why === "timeouts" ? " (timed out twice)" : ""}`);
      break;
    case "sitin":
      if (state.seats[m.s]) state.seats[m.s].out = false;
      log(`${nameOf(m.s)} is back${m.entry === "wait" ? ", waiting for the big blind" : ""}`);
      break;
    case "reveal":  // a player shows their cards after the hand, by choice
      if (h && h.number === m.h) { h.cards[m.s] = splitCards(m.c); h.revealed.add(m.s); }
      log(`${nameOf(m.s)} shows ${pretty(m.c)}`);
      break;
    case "busted":
      if (m.name !== undefined) {  // a tournament's: out while entries are open (R15.8)
        state.seats[m.s] = null;
        log(`${m.name} is out`);
        break;
      }
      if (m.s === state.me) state.busted = true;
      log(`${nameOf(m.s)} is out of chips`);
      break;
    case "topup":
      if (state.seats[m.s]) state.seats[m.s].stack = m.stack;
      log(`${nameOf(m.s)} tops up ${m.a} to ${m.stack}`);
      break;
    case "away":
      if (m.s === state.me) $("sit-out-next").checked = !!m.next;
      break;
  }
}

function pretty(text) {
  return splitCards(text).map((c) => c[0].replace("T", "10") + SUITS[c[1]]).join(" ");
}

function percent(x) { return `${(100 * x).toFixed(1)}%`; }

// ------------------------------------------------------------ drawing
function cardEl(code, small) {
  const el = document.createElement("div");
  el.className = "card" + (small ? " small" : "");
  if (!code || code === "??") { el.classList.add("back"); return el; }
  if (code === "slot") { el.classList.add("slot"); return el; }
  if (code[1] === "h" || code[1] === "d") el.classList.add("red");
  el.dataset.card = code;
  el.innerHTML = `<span class="rank">${code[0] === "T" ? "10" : code[0]}</span><span class="suit">${SUITS[code[1]]}</span>`;
  return el;
}

function place(k, radiusX, radiusY) {
  // Seat k of size around an oval; my seat (or seat 0) at the bottom centre.
  const base = state.me === null ? 0 : state.me;
  const angle = Math.PI / 2 + (2 * Math.PI * (k - base)) / state.size;
  return { x: 50 + radiusX * Math.cos(angle), y: 50 + radiusY * Math.sin(angle) };
}

// The winners of the hand so far and the cards of their best five (R6.1).
function showdownMarks(h) {
  const winners = new Set(), best = new Set();
  if (!h) return { winners, best };
  for (const award of h.awards) {
    for (const s of award.w) {
      winners.add(s);
      if (h.shown[s] && !award.r) for (const c of h.shown[s].b) best.add(c);
    }
  }
  return { winners, best };
}

function drawCenter(h, marks) {
  const total = h ? h.pot + h.awarded : 0;
  $("pot-total").textContent = total.toLocaleString();
  $("pot-total").dataset.middle = h ? String(h.pot) : "0";  // chips not yet awarded
  const board = $("board");
  board.replaceChildren();
  for (let i = 0; i < 5; i++) {
    const el = cardEl(h && h.board[i] ? h.board[i] : "slot");
    if (marks.best.size && h.board[i]) el.classList.add(marks.best.has(h.board[i]) ? "best" : "dim");
    board.appendChild(el);
  }
  $("rake").textContent = h && h.rake ? `rake ${h.rake.toLocaleString()}` : "";
  const pots = $("pots");
  pots.replaceChildren();
  const named = h ? (h.awards.length ? h.awards : h.pots) : [];
  if (named.length > 1 || (h && h.awards.length)) {
    for (const p of named) {
      const chip = document.createElement("span");
      chip.className = "pot-chip" + (p.w ? " won" : "");
      chip.dataset.pot = p.name;
      chip.textContent = `${potTitle(p.name)}${p.r ? ` (run ${p.r})` : ""} ${p.a.toLocaleString()}`
        + (p.w ? ` → ${p.w.map(nameOf).join(", ")}` : "");
      pots.appendChild(chip);
    }
  }
  const runs = $("runs");
  runs.replaceChildren();
  for (const [r, cards] of Object.entries(h ? h.runBoards : {})) {
    const row = document.createElement("div");
    row.className = "run-board"; row.dataset.run = r;
    row.append(`Run ${r}`, ...cards.map((c) => cardEl(c, true)));
    runs.appendChild(row);
  }
  $("street").textContent = h ? (h.over ? "hand over" : h.street) : "waiting for players";
  // One line per winner (or winners sharing): what they win in all, and with what.
  const result = new Map();
  for (const a of h ? h.awards : []) {
    const key = a.w.join(",");
    const line = result.get(key) || { w: a.w, a: 0 };
    line.a += a.a;
    result.set(key, line);
  }
  $("result").textContent = [...result.values()].map((line) => {
    const shown = line.w.map((s) => h.shown[s]).find((x) => x);
    return `${line.w.map(nameOf).join(" and ")} win${line.w.length > 1 ? "" : "s"} `
      + `${line.a.toLocaleString()}${shown ? ` with ${shown.h}` : ""}`;
  }).join(" · ");
}

function draw() {
  const h = state.hand;
  $("download").hidden = playedTokens().length === 0;  // a player of this table
  const marks = showdownMarks(h);
  drawCenter(h, marks);
  const seats = $("seats");
  seats.replaceChildren();
  const canSit = state.me === null && !state.leaving;
  for (let s = 0; s < state.size; s++) {
    const info = state.seats[s];
    const pos = place(s, 44, 44);
    const el = document.createElement("div");
    el.className = "seat";
    el.dataset.seat = s;
    el.style.left = pos.x + "%"; el.style.top = pos.y + "%";
    const inHand = h && h.seats.includes(s) && sameHolder(h, s);
    if (!info) {
      el.classList.add("empty");
      if (canSit) { el.classList.add("free"); el.title = "Sit here"; el.onclick = () => sitAt(s); }
    }
    if (s === state.me) el.classList.add("me");
    if (inHand && h.folded.has(s)) el.classList.add("folded");
    if (inHand && marks.winners.has(s)) el.classList.add("winner");
    if (state.turn && state.turn.s === s) el.classList.add("turn");
    const cards = document.createElement("div");
    cards.className = "cards";
    const live = !h || (!h.folded.has(s) && (!h.mucked.has(s) || s === state.me));
    if (inHand && (live || h.revealed.has(s))) {
      const known = h.cards[s];
      for (const code of known || [null, null]) {
        const card = cardEl(code, true);
        if (marks.best.size && code && marks.winners.has(s)) {
          card.classList.add(marks.best.has(code) ? "best" : "dim");
        }
        cards.appendChild(card);
      }
    }
    el.appendChild(cards);
    const plate = document.createElement("div");
    plate.className = "plate";
    plate.innerHTML = `<div class="name"></div><div class="stack"></div><div class="last"></div>`;
    const nameEl = plate.querySelector(".name");
    nameEl.textContent = info ? info.name : "empty seat";
    if (info && info.bot) nameEl.insertAdjacentHTML("afterbegin", '<span class="tag">BOT</span>');
    plate.querySelector(".stack").textContent = info ? info.stack.toLocaleString() : "";
    let last = info && info.out ? "sitting out" : inHand ? (h.last[s] || "") : "";
    if (inHand) {
      const won = h.awards.reduce((a, p) => a + p.w.reduce((b, w, i) => b + (w === s ? p.sh[i] : 0), 0), 0);
      if (won) last = `wins ${won.toLocaleString()}`;
      if (h.shown[s]) {
        const name = document.createElement("div");
        name.className = "hand-name"; name.textContent = h.shown[s].h;
        plate.appendChild(name);
      }
      if (h.equity[s] !== undefined) {
        const eq = document.createElement("span");
        eq.className = "equity"; eq.textContent = percent(h.equity[s]);
        plate.appendChild(eq);
      }
    }
    plate.querySelector(".last").textContent = last;
    if (state.turn && state.turn.s === s && state.turn.deadline) {
      const bar = document.createElement("div");
      bar.className = "clock";
      bar.innerHTML = "<i></i>";
      plate.appendChild(bar);
      if (state.turn.bank) {  // everyone sees the time bank of the seat to act
        const bank = document.createElement("div");
        bank.className = "bank";
        plate.appendChild(bank);
      }
    }
    el.appendChild(plate);
    seats.appendChild(el);
    if (inHand && h.bets[s] > 0) {
      const b = place(s, 27, 25);
      const bet = document.createElement("div");
      bet.className = "bet";
      bet.dataset.seat = s;
      bet.style.left = b.x + "%"; bet.style.top = b.y + "%";
      bet.innerHTML = `<span class="chip"></span><span></span>`;
      bet.lastChild.textContent = h.bets[s];
      seats.appendChild(bet);
    }
    if (h && h.button === s) {
      const d = place(s + 0.32, 33, 31);
      const btn = document.createElement("div");
      btn.className = "dealer"; btn.textContent = "D";
      btn.style.left = d.x + "%"; btn.style.top = d.y + "%";
      seats.appendChild(btn);
    }
  }
  drawClock();
  drawControls();
}

function drawClock() {
  const t = state.turn;
  if (!state.connected) return;  // the clock stops while the server is away
  const bar = document.querySelector(".seat.turn .clock");
  if (!t || !t.deadline || !bar) return;
  const left = Math.max(0, t.deadline - Date.now()) / 1000;
  const own = Math.max(0, left - t.bank);  // the decision's own time comes first
  const banking = t.bank > 0 && own <= 0;
  bar.firstChild.style.width = `${banking ? (100 * left) / t.bank : (100 * own) / t.limit}%`;
  bar.classList.toggle("low", left < 8);
  bar.classList.toggle("banking", banking);
  const bank = document.querySelector(".seat.turn .bank");
  if (bank) bank.textContent = `bank ${Math.ceil(banking ? left : t.bank)} s${banking ? " in use" : ""}`;
  if (t.s !== state.me) return;
  const why = t.legal && t.legal.min !== undefined && !$("actions").hidden ? typedAmount().why : "";
  const said = errorText() || why;
  $("message").textContent = `Your turn — ${Math.ceil(left)} s${said ? ` · ${said}` : ""}`;
}

// A refusal (the page's or the server's), readable for a few seconds.
function say(text) {
  state.error = { text, until: Date.now() + 5000 };
  $("message").textContent = text;
}

function errorText() {
  return state.error && Date.now() < state.error.until ? state.error.text : "";
}

// The amount typed, and whether the server would take it (R3.3-R3.5).
function typedAmount() {
  const legal = state.turn.legal;
  const text = $("amount").value.trim();
  const value = Number(text);
  if (text === "" || !Number.isInteger(value)) return { value: text, ok: false, why: "Type a whole number of chips" };
  if (value < legal.min) return { value, ok: false, why: `At least ${legal.min}` };
  if (value > legal.max) return { value, ok: false, why: `At most ${legal.max}` };
  return { value, ok: true, why: "" };
}

function drawControls() {
  $("sit-form").hidden = state.me !== null || state.leaving;
  $("seat-buttons").hidden = state.me === null || state.leaving;
  const mine = state.me !== null ? state.seats[state.me] : null;
  const hand = state.hand;
  const playing = hand && !hand.over && hand.seats.includes(state.me);
  const busted = state.busted || (mine && mine.out && mine.stack === 0 && !playing);
  $("back").hidden = !(mine && mine.out) || busted;
  $("reveal").hidden = !(hand && hand.over && mine && sameHolder(hand, state.me)
    && hand.seats.includes(state.me) && hand.cards[state.me]
    && !hand.shown[state.me] && !hand.revealed.has(state.me));
  $("rebuy-ask").hidden = !(mine && busted) || state.leaving;
  const range = buyInRange();
  $("top-up-box").hidden = !(mine && mine.stack > 0 && range && mine.stack < range.max);
  if (mine && range) $("top-up").placeholder = `up to ${range.max - mine.stack}`;
  const t = state.turn;
  const asked = t && t.s === state.me && t.runs;
  const choice = $("run-choice");
  choice.hidden = !asked;
  if (asked && choice.dataset.d !== String(t.d)) {  // the run question (R12.1)
    choice.dataset.d = String(t.d);
    choice.replaceChildren(...t.runs.map((k) => {
      const b = document.createElement("button");
      b.className = "act runs"; b.dataset.runs = k;
      b.textContent = `Run it ${RUN_WORDS[k]}`;
      b.onclick = () => send({ type: "runs", count: k, decision: t.d });
      return b;
    }));
  }
  for (const b of choice.querySelectorAll("button")) b.disabled = !state.connected;
  const toAct = t && t.s === state.me && t.legal;
  const h = state.hand, mine2 = state.me !== null ? state.seats[state.me] : null;
  const inHand = h && !h.over && state.me !== null && h.seats.includes(state.me)
    && !h.folded.has(state.me) && mine2 && mine2.stack > 0 && !state.leaving;
  $("pre-actions").hidden = !inHand || !!toAct;
  for (const box of document.querySelectorAll("#pre-actions input")) box.checked = state.pre === box.dataset.pre;
  $("actions").hidden = !toAct;
  $("actions").dataset.d = toAct ? String(t.d) : "";
  if (!toAct) {
    if (!(t && t.s === state.me)) {
      $("message").textContent = state.connected ? errorText() || state.note : "Connection lost — reconnecting…";
    }
    return;
  }
  if (!state.connected) $("message").textContent = "Connection lost — reconnecting…";
  const legal = t.legal;
  $("fold").disabled = !legal.fold || !state.connected;
  $("check").disabled = !state.connected;
  $("check").textContent = legal.check ? "Check" : `Call ${legal.call}`;
  const canRaise = legal.min !== undefined;
  $("sizing").hidden = !canRaise;
  if (!canRaise) { $("raise").disabled = true; return; }
  const slider = $("slider"), amount = $("amount");
  if (Number(slider.min) !== legal.min || Number(slider.max) !== legal.max || slider.dataset.d !== String(t.d)) {
    slider.min = amount.min = legal.min; slider.max = amount.max = legal.max;
    slider.value = amount.value = legal.min; slider.dataset.d = String(t.d);
  }
  const typed = typedAmount();
  amount.classList.toggle("bad", !typed.ok);
  $("raise").disabled = !typed.ok || !state.connected;
  const word = typed.ok && typed.value >= legal.max ? "All-in" : legal.w === "bet" ? "Bet" : "Raise to";
  $("raise").textContent = `${word} ${typed.value}`;
  if (!typed.ok && state.connected) drawClock();
  const preflop = h && h.board.length === 0;
  for (const b of document.querySelectorAll(".shortcuts button[data-bb]")) {
    b.hidden = !preflop;
    const to = bbMultiple(b.dataset.bb);
    b.disabled = to === null || !state.connected;
  }
}

// ------------------------------------------------------------ actions
function send(message) {
  if (state.socket && state.socket.readyState === WebSocket.OPEN) state.socket.send(JSON.stringify(message));
}

function act(action, amount) {
  const t = state.turn;
  if (!t || t.s !== state.me || !state.connected) return;
  const message = { type: "act", action, decision: t.d };
  if (amount !== undefined) message.amount = amount;
  send(message);
}

function potFraction(frac) {
  // As holdem.abstraction: call first, then raise by the fraction of the pot
  // after the call (rounded down), clamped to the legal range.
  const h = state.hand, legal = state.turn.legal;
  if (frac === "all") return legal.max;
  const currentBet = (h.bets[state.me] || 0) + legal.call;
  const afterCall = h.pot + legal.call;    // every chip in the middle once I call
  const to = currentBet + Math.floor(Number(frac) * afterCall);
  return Math.max(legal.min, Math.min(legal.max, to));
}

function bbMultiple(k) {
  // Preflop: raise to k big blinds (rounded down to a chip), when legal.
  const h = state.hand, legal = state.turn && state.turn.legal;
  if (!h || !legal || legal.min === undefined) return null;
  const to = Math.floor(Number(k) * h.bb);
  return to >= legal.min && to <= legal.max ? to : null;
}

function setAmount(value) {
  $("slider").value = value; $("amount").value = value; drawControls();
}

// A pre-action chosen before my turn, taken when it comes (once).
function preAct() {
  const t = state.turn, pre = state.pre;
  if (!pre || !t || t.s !== state.me || !t.legal || !state.connected) return;
  state.pre = null;
  if (pre === "checkfold") act(t.legal.check ? "check" : "fold");
  else if (pre === "callany") act(t.legal.check ? "check" : "call");
  else if (pre === "check" && t.legal.check) act("check");
}

function raiseNow() {
  const legal = state.turn && state.turn.legal;
  if (!legal || legal.min === undefined) return;
  const typed = typedAmount();
  if (!typed.ok) { drawControls(); return; }  // refused here: never sent as another amount
  act(legal.w, typed.value);
}

function buyInRange() {
  const s = state.settings;
  return s && s.min_buy_in !== undefined ? { min: s.min_buy_in, max: s.max_buy_in } : null;
}

// Chips typed in box `id`, checked against [low, high]; null (and why, in the message) if not.
function chipsIn(id, low, high, what) {
  const text = $(id).value.trim(), value = Number(text);
  if (text !== "" && Number.isInteger(value) && value >= low && value <= high) return value;
  say(`${what} is ${low} to ${high} chips`);
  $(id).focus();
  return null;
}

function sitAt(seat) {
  const name = $("name").value.trim();
  if (!name) { say("Type your name, then click a seat"); $("name").focus(); return; }
  const range = buyInRange();
  const message = { type: "sit", name };
  if (seat !== undefined) message.seat = seat;
  if (range) {
    const chips = chipsIn("buy-in", range.min, range.max, "A buy-in");
    if (chips === null) return;
    message.buy_in = chips;
  }
  send(message);
}

$("fold").onclick = () => act("fold");
$("check").onclick = () => {
  if (state.turn && state.turn.legal) act(state.turn.legal.check ? "check" : "call");
};
$("raise").onclick = raiseNow;
$("slider").oninput = (e) => setAmount(e.target.value);
$("amount").oninput = () => drawControls();
$("amount").onchange = () => {
  if (state.turn && state.turn.legal && state.turn.legal.min !== undefined && typedAmount().ok) {
    $("slider").value = $("amount").value;
  }
  drawControls();
};
for (const b of document.querySelectorAll(".shortcuts button")) {
  b.onclick = () => {
    const to = b.dataset.bb ? bbMultiple(b.dataset.bb) : potFraction(b.dataset.frac);
    if (to !== null) setAmount(to);
  };
}

// Keyboard: F fold, C check or call, R the amount box, Enter raises what it holds.
document.addEventListener("keydown", (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey || $("actions").hidden) return;
  const typing = e.target instanceof HTMLSelectElement
    || (e.target instanceof HTMLInputElement && !["checkbox", "range"].includes(e.target.type));
  if (e.key === "Enter" && (!typing || e.target.id === "amount")) {
    e.preventDefault(); raiseNow(); return;
  }
  if (typing) return;
  const key = e.key.toLowerCase();
  if (key === "f" && !$("fold").disabled) { e.preventDefault(); $("fold").click(); }
  else if (key === "c" && !$("check").disabled) { e.preventDefault(); $("check").click(); }
  else if (key === "r" && !$("sizing").hidden) { e.preventDefault(); $("amount").focus(); $("amount").select(); }
});

$("sit-form").onsubmit = (e) => { e.preventDefault(); sitAt(); };
$("reenter").onclick = () => { send({ type: "reenter" }); $("reenter-ask").hidden = true; };
for (const box of document.querySelectorAll("#pre-actions input")) {
  box.onchange = () => { state.pre = box.checked ? box.dataset.pre : null; draw(); };
}
$("top-up-go").onclick = () => {
  const range = buyInRange(), mine = state.seats[state.me];
  if (!range || !mine) return;
  const chips = chipsIn("top-up", 1, range.max - mine.stack, "A top-up");
  if (chips === null) return;
  send({ type: "buy", chips });
  $("top-up").value = "";
  state.note = `Top-up of ${chips} after this hand.`;
  draw();
};
$("rebuy-yes").onclick = () => {
  const range = buyInRange();
  if (!range) return;
  const chips = chipsIn("rebuy-amount", range.min, range.max, "A buy-in");
  if (chips !== null) { send({ type: "buy", chips }); state.note = `Buying in for ${chips}.`; draw(); }
};
$("rebuy-no").onclick = () => $("leave").click();
$("reveal").onclick = () => send({ type: "reveal" });
// My hands at this table (my own view, PokerStars text), asked with each seat
// token I held here so that they come even after I left the table; the
// answers come in the order asked and are saved as one file.
$("download").onclick = () => {
  const tokens = playedTokens();
  if (!tokens.length || !state.connected) return;
  state.download = { want: tokens.length, texts: [], hands: 0 };
  for (const token of tokens) send({ type: "history", token });
};

function saveHands(m) {
  const d = state.download;
  if (!d) return;
  d.texts.push(m.text); d.hands += m.hands;
  if (d.texts.length < d.want) return;
  state.download = null;
  if (!d.hands) {
    state.error = { text: "No finished hand of yours at this table yet.", until: Date.now() + 5000 };
    return;
  }
  const blob = new Blob([d.texts.join("")], { type: "text/plain" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = `holdem-table-${m.table + 1}-hands.txt`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}
$("back").onclick = () => send({ type: "away", sit_out: false, wait_bb: $("wait-bb").checked });
$("sit-out-next").onchange = (e) => send({ type: "away", sit_out: e.target.checked });
$("wait-bb").onchange = (e) => send({ type: "away", wait_bb: e.target.checked });
$("leave").onclick = () => {
  send({ type: "leave" });
  state.leaving = true;  // the hand plays on for me: no "Take a seat" until my `leave`
  state.note = "You leave the table after this hand.";
  draw();
};
$("table-select").onchange = (e) => { location.search = `?table=${e.target.value}`; };

// ------------------------------------------------------------ the lobby
async function showLobby() {
  const lobby = $("lobby");
  const response = await fetch("/tables");
  const tables = await response.json();
  $("lobby-rows").replaceChildren(...tables.map((t) => {
    const row = document.createElement("tr");
    row.className = "row" + (t.table === state.table ? " current" : "");
    row.dataset.table = t.table;
    const cells = [`#${t.table + 1}`, `${t.small_blind}/${t.big_blind}`,
      `${t.min_buy_in}–${t.max_buy_in}`, `${t.taken}/${t.size}`, String(t.waiting), String(t.hand)];
    for (const text of cells) { const td = document.createElement("td"); td.textContent = text; row.appendChild(td); }
    row.onclick = () => { location.search = `?table=${t.table}`; };
    return row;
  }));
  lobby.hidden = false;
}
$("lobby-toggle").onclick = () => {
  if ($("lobby").hidden) showLobby(); else $("lobby").hidden = true;
};

// ------------------------------------------------------------ connection
function onMessage(event) {
  const m = JSON.parse(event.data);
  if (m.type === "welcome") {
    state.size = m.settings.size; state.settings = m.settings;
    for (const id of ["buy-in", "rebuy-amount"]) {
      const box = $(id);
      box.min = m.settings.min_buy_in; box.max = m.settings.max_buy_in;
      if (!box.value) box.value = m.settings.max_buy_in;
    }
    state.seats = m.seats.map((s) => (s ? { ...s } : null));
    if (m.seat !== null) state.me = m.seat;
    const mtt = m.settings.mtt;  // a tournament (holdem serve --mtt): no cash controls
    document.body.classList.toggle("mtt", !!mtt);
    // registration stays open after the start while late registration is (R15.8)
    document.body.classList.toggle("mtt-started", !!(mtt && mtt.started && !mtt.can_register));
    if (mtt) $("sit").textContent = "Register";
    $("blinds").textContent = `No-limit hold'em ${m.settings.small_blind}/${m.settings.big_blind}`;
    const select = $("table-select");
    if (select.options.length !== m.tables) {
      select.replaceChildren(...Array.from({ length: m.tables }, (_, i) => new Option(`#${i + 1}`, i)));
    }
    select.value = state.table;
    state.joinClock = { d: m.decision, left: m.clock_left, at: Date.now() };
    if (m.last < state.quiet) state.quiet = 0;  // another server's stream: nothing to skip
    fixDeadline();
  } else if (m.type === "seated") {
    state.me = m.seat; state.leaving = false; state.error = null;
    localStorage.setItem(tokenKey(), m.token);
    keepPlayedToken(m.token);
    state.note = "Seated — you are dealt in from the next hand.";
  } else if (m.type === "events") {
    if (m.reset) { state.hand = null; state.turn = null; }
    for (const e of m.events) {
      state.replaying = e.n <= state.quiet;
      apply(e); state.last = e.n;
    }
    state.replaying = false;
    fixDeadline();
    preAct();
    saveHistory();
  } else if (m.type === "history") {
    saveHands(m);
  } else if (m.type === "moved") {  // a tournament: follow the move (docs/server.md)
    follow(m);
    return;
  } else if (m.type === "registered") {
    localStorage.setItem("holdem.mtt.token", m.token);
    localStorage.setItem("holdem.mtt.name", m.name);
    state.note = `Registered as ${m.name} (${m.registered}/${m.players}): you are seated when `
      + "the tournament starts.";
  } else if (m.type === "eliminated" || m.type === "won") {
    log(`${m.name} finishes ${m.place}${m.prize ? ` (prize ${m.prize})` : ""}`,
      m.name === (state.me !== null && state.seats[state.me] ? state.seats[state.me].name : "") ? "mine" : "");
  } else if (m.type === "busted") {  // out while entries are open (R15.8)
    if (m.can_reenter && m.name === localStorage.getItem("holdem.mtt.name")) {
      $("reenter-ask").hidden = false;
    }
  } else if (m.type === "entries_closed") {
    log(`Registration and re-entry are closed: ${m.entries} entries, prize pool ${m.prize_pool}`);
    document.body.classList.add("mtt-started");
    $("reenter-ask").hidden = true;
  } else if (m.type === "hand_for_hand") {
    log(m.on ? `Hand-for-hand: ${m.players_left} players left` : "Hand-for-hand is over");
  } else if (m.type === "level") {
    log(`Level ${m.level}: blinds ${m.small_blind}/${m.big_blind}${m.ante ? ` ante ${m.ante}` : ""}`);
    $("blinds").textContent = `No-limit hold'em ${m.small_blind}/${m.big_blind}`;
  } else if (m.type === "table_broken") {
    log(`Table #${m.table + 1} breaks`);
  } else if (m.type === "error") {
    state.download = null;  // a refused download is not waited for
    state.error = { text: m.message, until: Date.now() + 5000 };  // readable for a while
  }
  draw();
}

// A tournament moved me (or seated me at the start): join the new table's
// stream with my token and show it from its start.
function follow(m) {
  state.table = m.table;
  // a restarted server knows only the token's hash: the one kept at registration
  const token = m.token || localStorage.getItem("holdem.mtt.token");
  if (token) localStorage.setItem(tokenKey(), token);
  history.replaceState(null, "", `?table=${m.table}`);
  state.me = null; state.hand = null; state.turn = null; state.seats = [];
  state.last = 0; state.quiet = 0; state.pre = null;
  $("reenter-ask").hidden = true;
  const where = `table #${m.table + 1}, seat ${m.seat + 1}`;
  state.note = ["start", "late"].includes(m.reason) ? `Your table is ${where}.`
    : m.reason === "re-entry" ? `You re-entered: ${where}.` : `You are moved to ${where}.`;
  $("history").replaceChildren();
  state.last = m.after || 0;  // the new table's stream from there (docs/server.md)
  send({ type: "join", table: m.table, after: state.last, token: localStorage.getItem(tokenKey()) });
  draw();
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${proto}://${location.host}/ws`);
  state.socket = socket;
  socket.onopen = () => {
    state.retry = 0; state.connected = true;
    $("status").textContent = "connected"; $("status").className = "status ok";
    const join = { type: "join", table: state.table, after: state.last };
    const token = localStorage.getItem(tokenKey());
    if (token) join.token = token;
    socket.send(JSON.stringify(join));
  };
  socket.onmessage = onMessage;
  socket.onclose = () => {
    if (state.socket !== socket) return;
    state.connected = false;
    $("status").textContent = "reconnecting…"; $("status").className = "status bad";
    draw();
    state.retry = Math.min(state.retry + 1, 5);
    setTimeout(connect, 500 * state.retry);
  };
}

setInterval(drawClock, 250);
loadHistory();
draw();
connect();
