// A browser seat: one seat of a game hosted by tabletop, joined with the code after # in the link.
// The host sends the seat's view as plain JSON (tabletop/net/webview.py); each kind of message has its
// handler in HANDLERS, so a new kind is one more entry there.
import { chooseLanguage, word } from "./words.js";
import { render, renderLog, say, banner, hideBanner, showCodeForm, setupChrome } from "./draw.js";
import { Play } from "./play.js";
import { askQuestions } from "./questions.js";

const PROTOCOL = 1;
const RETRY_MOST = 10000;
const GIVE_UP_TRIES = 40;
const TAKEN_TRIES = 3;
const ALIVE_MS = 5000; // the host frees a seat whose page says nothing for a while (a frozen or closed page)
const QUIET = 4008; // the host took this page for gone after its silence: join again

const page = {
  lang: chooseLanguage(),
  code: "",
  name: new URLSearchParams(location.search).get("name") || "",
  seat: null,
  players: 0,
  names: [],
  presence: [],
  game: { title: "", rules: "" },
  back: null,
  cards: {},
  table: null,
  moves: 0,
  ask: null,
  log: [],
  last: null,
  over: null,
  welcomed: false,
  switching: false,
  takenTries: 0,
  hidden: false, // its connection closed as the page went (restored from the browser's cache: join again)
  ended: "",
  ws: null,
  tries: 0,
  nextId: 1,
  waiting: new Map(),
};

setupChrome(page); // before the table's controls, which listen to the dialogs it makes
const play = new Play(page, send, () => redraw());

function redraw() {
  document.body.dataset.moves = String(page.moves);
  document.body.dataset.turn = page.ask ? "yes" : "no";
  document.body.dataset.over = page.over ? "yes" : "no";
  render(page, play);
}

function send(message) {
  if (page.ws && page.ws.readyState === WebSocket.OPEN) {
    page.ws.send(JSON.stringify(message));
    return true;
  }
  return false;
}

/** Ask the host a question (`why`) and hand its answer to `then`. */
export function askWhy(action, then) {
  const id = page.nextId++;
  page.waiting.set(id, then);
  if (!send({ t: "why", id, action })) page.waiting.delete(id);
}
play.askWhy = askWhy;

function takeEvents(events) {
  for (const event of events) {
    if (event.line) page.log.push(event.line);
    if (event.pause && event.moves.some((m) => m.cards.length || m.backs)) {
      page.last = { line: event.line, moves: event.moves };
    }
    for (const popup of event.popups) say(popup.text);
    if (event.over) page.over = event.over;
  }
}

const HANDLERS = {
  welcome(m) {
    page.seat = m.seat;
    page.players = m.players;
    page.names = m.names;
    page.presence = m.seats;
    page.game = m.game;
    page.back = m.back;
    page.log = m.log.slice();
    page.cards = {};
    page.table = null;
    page.ask = null;
    page.last = null;
    page.over = null;
    page.ended = "";
    if (page.welcomed && page.tries) say(word("reconnected"));
    page.welcomed = true;
    page.tries = 0;
    page.takenTries = 0;
    hideBanner();
    document.body.dataset.connected = "yes";
    setupChrome(page);
    renderLog(page);
  },
  state(m) {
    Object.assign(page.cards, m.cards);
    page.table = m.table;
    page.moves = m.moves;
    takeEvents(m.events);
    if (m.over) page.over = m.over;
    renderLog(page);
    redraw();
  },
  update(m) {
    Object.assign(page.cards, m.cards);
    page.table = m.table;
    page.moves = m.moves;
    page.ask = null;
    play.reset();
    takeEvents(m.events);
    renderLog(page);
    redraw();
  },
  ask(m) {
    Object.assign(page.cards, m.cards);
    page.ask = m;
    play.reset();
    redraw();
  },
  ok() {
    page.ask = null;
    play.reset();
    redraw();
  },
  refused(m) {
    say(word("notAllowed", { reason: m.reason }));
    play.reset();
    redraw();
  },
  reason(m) {
    const then = page.waiting.get(m.id);
    page.waiting.delete(m.id);
    if (then) then(m.reason);
  },
  seats(m) {
    page.presence = m.seats;
    if (m.names && m.names.length) page.names = m.names;
    redraw();
  },
  questions(m) {
    askQuestions(m, send, (n) => say(word(n ? "answersSent" : "answersSkipped")));
  },
  end(m) {
    page.ended = String(m.reason || "");
    page.ask = null;
    banner(word("ended", { why: page.ended }));
    redraw();
  },
};

function connect() {
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  const ws = new WebSocket(scheme + location.host + "/ws");
  page.ws = ws;
  ws.onopen = () => {
    const hello = { t: "hello", v: PROTOCOL, code: page.code, mode: "web", lang: page.lang };
    if (page.name) hello.name = page.name.slice(0, 40);
    ws.send(JSON.stringify(hello));
  };
  ws.onmessage = (e) => {
    if (typeof e.data !== "string") return;
    let message;
    try {
      message = JSON.parse(e.data);
    } catch (err) {
      return;
    }
    const handler = message && HANDLERS[message.t];
    if (handler) handler(message);
  };
  ws.onclose = (e) => closed(e.code, e.reason);
}

function closed(code, reason) {
  if (page.switching) {
    page.switching = false;
    connect();
    return;
  }
  page.ws = null;
  page.ask = null;
  document.body.dataset.connected = "no";
  play.reset();
  if (code === 4001 && /wrong code/.test(reason)) {
    banner(word("wrongCode"));
    showCodeForm(page.code, join);
  } else if (code === 4002 && page.takenTries < TAKEN_TRIES) {
    // Often this very tab, reloaded: its old connection is still closing at the host. Try again shortly.
    page.takenTries += 1;
    banner(word("taken"));
    setTimeout(connect, 1000);
  } else if (code === 4002) {
    banner(word("taken"), word("tryAgain"), () => { page.takenTries = 0; hideBanner(); connect(); });
  } else if (code >= 4000 && code < 5000 && code !== QUIET) {
    banner(word("refused", { why: reason }), word("tryAgain"), () => { hideBanner(); connect(); });
  } else if (code === 1000 || code === 1001) {
    banner(word("ended", { why: page.ended || reason }));
  } else {
    page.tries += 1;
    if (page.tries > GIVE_UP_TRIES) {
      banner(word("hostGone", { why: reason || String(code) }), word("tryAgain"), () => { page.tries = 0; connect(); });
    } else {
      banner(code === 1013 ? word("busy") : word("lost"));
      setTimeout(connect, Math.min(RETRY_MOST, 500 * 2 ** Math.min(page.tries, 5)));
    }
  }
  redraw();
}

function join(code) {
  page.code = code.trim();
  history.replaceState(null, "", "#" + page.code);
  hideBanner();
  connect();
}

window.addEventListener("resize", () => redraw());
setInterval(() => send({ t: "alive" }), ALIVE_MS);
// Leaving the page (a closed tab, another address) frees the seat at once. The browser may keep the page
// frozen in its back-forward cache with its socket open, answering the host's pings for minutes: closed
// here, the host sees it go now; restored from that cache, the page joins again.
window.addEventListener("pagehide", () => {
  const ws = page.ws;
  if (!ws) return;
  page.ws = null;
  page.hidden = true;
  document.body.dataset.connected = "no";
  ws.onclose = null;
  ws.close(1000, "the page was closed");
});
window.addEventListener("pageshow", (e) => {
  if (e.persisted && page.hidden) {
    page.hidden = false;
    connect();
  }
});
window.addEventListener("hashchange", () => {
  // Another link pasted into the same tab: join with its code.
  const code = decodeURIComponent(location.hash.slice(1)).trim();
  if (!code || code === page.code) return;
  page.code = code;
  document.getElementById("code-form").hidden = true;
  hideBanner();
  if (page.ws) {
    page.switching = true;
    page.ws.close();
  } else {
    connect();
  }
});
const fromLink = decodeURIComponent(location.hash.slice(1));
if (fromLink) {
  join(fromLink);
} else {
  showCodeForm("", join);
}
