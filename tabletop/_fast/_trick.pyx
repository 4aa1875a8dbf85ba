# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The kernel of the built-in trick game, compiled: its default rules, its random and greedy bots and
a Mersenne Twister, restated in C over small arrays, computing exactly what the Python computes.

The readable sources are the truth: ``games/trick_taking.py`` (``TrickGame`` with none of its hooks
overridden), ``kit/tricks.py`` (the trick winner), ``bots/random_bot.py``, ``bots/trick_bot.py``
(the greedy bot) and ``random.Random`` (the generator). tests/test_kernel.py plays the golden
transcripts and many seeded games of every option through both, comparing every move, score,
rank and the state. Only :mod:`tabletop._fast` uses this module, and only where it provably
computes the same (see ``kernel_for`` there).

A hand is an array of deck positions in display order (the deck sorted by suit, then strength):
must-follow is a pass over at most a few dozen small ints, a card leaves a hand by a move of the
bytes after it, and a deal sorts positions with no Python object made.
"""

from cpython.dict cimport PyDict_GetItem
from cpython.object cimport PyObject
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from libc.stdint cimport uint32_t
from libc.string cimport memcpy, memmove, memset

import random

cdef extern from *:
    """
    #ifndef TABLETOP_BUILT_FROM
    #define TABLETOP_BUILT_FROM ""
    #endif
    """
    const char *TABLETOP_BUILT_FROM

BUILT_FROM = TABLETOP_BUILT_FROM.decode("ascii")
"""The hash of the sources this module was built from (tabletop/_fast/build.py puts it in)."""

cdef enum:
    MT_N = 624
    MT_M = 397
    MAX_CARDS = 128
    MAX_SEATS = 6
    NO = -1

# -- the generator --------------------------------------------------------------------------------

cdef uint32_t _START[MT_N]
"""The table every seeding starts from (MT19937's own start from 19650218), computed once."""
cdef bint _started = False


cdef void _fill_start() noexcept:
    global _started
    cdef int i
    _START[0] = 19650218U
    for i in range(1, MT_N):
        _START[i] = 1812433253U * (_START[i - 1] ^ (_START[i - 1] >> 30)) + <uint32_t>i
    _started = True


cdef class Twister:
    """A Mersenne Twister (MT19937) that draws exactly what ``random.Random`` draws.

    Seeded from an int as ``random.Random(seed)`` seeds (the reference key seeding over the 32-bit
    words of its absolute value), or from the state ``random.Random.getstate()`` gives, and its state
    goes back the same way (:meth:`getstate`): a generator moves between the two through the public
    API. Draws: :meth:`random`, :meth:`getrandbits` and :meth:`randrange` (one argument).
    """

    cdef uint32_t mt[MT_N]
    cdef int index

    def __init__(self, seed=0):
        _seed_pair(self, seed, None, 0)

    def seed(self, n):
        """Seed as ``random.Random(n)`` does for an int ``n``."""
        _seed_pair(self, n, None, 0)

    cdef void _twist(self) noexcept:
        cdef uint32_t *mt = self.mt
        cdef uint32_t y
        cdef int kk
        for kk in range(MT_N - MT_M):
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7FFFFFFFU)
            mt[kk] = mt[kk + MT_M] ^ (y >> 1) ^ (0x9908B0DFU if y & 1 else 0U)
        for kk in range(MT_N - MT_M, MT_N - 1):
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7FFFFFFFU)
            mt[kk] = mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ (0x9908B0DFU if y & 1 else 0U)
        y = (mt[MT_N - 1] & 0x80000000U) | (mt[0] & 0x7FFFFFFFU)
        mt[MT_N - 1] = mt[MT_M - 1] ^ (y >> 1) ^ (0x9908B0DFU if y & 1 else 0U)
        self.index = 0

    cdef inline uint32_t next32(self) noexcept:
        cdef uint32_t y
        if self.index >= MT_N:
            self._twist()
        y = self.mt[self.index]
        self.index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680U
        y ^= (y << 15) & 0xEFC60000U
        y ^= y >> 18
        return y

    cdef inline double next_double(self) noexcept:
        cdef uint32_t a = self.next32() >> 5, b = self.next32() >> 6
        return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)

    cdef Py_ssize_t below(self, Py_ssize_t n) noexcept:
        """``randrange(n)`` for 1 <= n < 2**32: whole words cut to n's bit length until one falls below n."""
        cdef int bits = 0
        cdef Py_ssize_t m = n, r
        while m:
            bits += 1
            m >>= 1
        r = self.next32() >> (32 - bits)
        while r >= n:
            r = self.next32() >> (32 - bits)
        return r

    def random(self):
        """Return the next float in [0, 1), as ``random.Random.random`` would."""
        return self.next_double()

    def getrandbits(self, int k):
        """Return an int of ``k`` random bits, as ``random.Random.getrandbits`` would."""
        cdef uint32_t r
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        if k == 0:
            return 0
        if k <= 32:
            return self.next32() >> (32 - k)
        result = 0
        shift = 0
        while k > 0:
            r = self.next32()
            if k < 32:
                r >>= 32 - k
            result |= <object>r << shift
            shift += 32
            k -= 32
        return result

    def randrange(self, n):
        """Return ``random.Random.randrange(n)`` for an int ``n`` >= 1 (one argument only)."""
        if n <= 0:
            raise ValueError("empty range for randrange()")
        if n < 2 ** 32:
            return self.below(n)
        bits = n.bit_length()
        r = self.getrandbits(bits)
        while r >= n:
            r = self.getrandbits(bits)
        return r

    def getstate(self):
        """Return the state as ``random.Random.getstate()`` gives it."""
        return (3, tuple([self.mt[i] for i in range(MT_N)]) + (self.index,), None)

    def setstate(self, state):
        """Take a state as ``random.Random.getstate()`` gives it."""
        version, internal, _gauss = state
        if version != 3 or len(internal) != MT_N + 1:
            raise ValueError("not a state of random.Random")
        cdef int i
        for i in range(MT_N):
            self.mt[i] = internal[i]
        index = internal[MT_N]
        if not 0 <= index <= MT_N:
            raise ValueError("not a state of random.Random")
        self.index = index

    def as_random(self):
        """Return a ``random.Random`` in the same state (a copy: drawing from it leaves this one as it is)."""
        rng = random.Random()
        rng.setstate(self.getstate())
        return rng

    def __copy__(self):
        cdef Twister new = Twister.__new__(Twister)
        memcpy(new.mt, self.mt, sizeof(self.mt))
        new.index = self.index
        return new

    def __deepcopy__(self, memo):
        return self.__copy__()

    def __reduce__(self):
        return (_twister_from_state, (self.getstate(),))


cdef Py_ssize_t _key(object n, uint32_t *key, Py_ssize_t room) except -1:
    """Write the 32-bit words of ``abs(n)`` into ``key``, lowest first (one word, 0, for 0); return how
    many, or -2 when more than ``room`` are needed."""
    cdef object rest = abs(int(n))
    cdef Py_ssize_t length = 0
    while rest:
        if length == room:
            return -2
        key[length] = <uint32_t>(rest & 0xFFFFFFFF)
        rest >>= 32
        length += 1
    if length == 0:
        key[0] = 0
        length = 1
    return length


cdef void _mix_pair(uint32_t *x, const uint32_t *kx, Py_ssize_t lx,
                    uint32_t *y, const uint32_t *ky, Py_ssize_t ly) noexcept:
    """Seed two state arrays from two keys as ``random.Random`` seeds one, the two chains interleaved:
    each step waits on the one before, so two side by side cost little more than one."""
    cdef uint32_t i = 1, jx = 0, jy = 0
    cdef Py_ssize_t k = lx if lx > ly else ly
    if not _started:
        _fill_start()
    memcpy(x, _START, sizeof(_START))
    memcpy(y, _START, sizeof(_START))
    # Each chain takes max(N, its key's length) steps; with keys of different lengths past N the
    # shorter one would take more steps than its own seeding: _seed_pair never asks for that.
    if k < MT_N:
        k = MT_N
    if k == MT_N and lx <= 2 and ly <= 2:
        # The usual case (seeds below 2**64): the key words repeat with period 1 or 2, so the steps
        # are taken in pairs, i running 1..623 once and then 1 again, with no test per step.
        _mix_short(x, kx, lx, y, ky, ly)
        i = 2
    else:
        while k:
            x[i] = (x[i] ^ ((x[i - 1] ^ (x[i - 1] >> 30)) * 1664525U)) + kx[jx] + jx
            y[i] = (y[i] ^ ((y[i - 1] ^ (y[i - 1] >> 30)) * 1664525U)) + ky[jy] + jy
            i += 1
            jx += 1
            jy += 1
            if i >= MT_N:
                x[0] = x[MT_N - 1]
                y[0] = y[MT_N - 1]
                i = 1
            if jx >= lx:
                jx = 0
            if jy >= ly:
                jy = 0
            k -= 1
    k = MT_N - 1
    while k:
        x[i] = (x[i] ^ ((x[i - 1] ^ (x[i - 1] >> 30)) * 1566083941U)) - i
        y[i] = (y[i] ^ ((y[i - 1] ^ (y[i - 1] >> 30)) * 1566083941U)) - i
        i += 1
        if i >= MT_N:
            x[0] = x[MT_N - 1]
            y[0] = y[MT_N - 1]
            i = 1
        k -= 1
    x[0] = 0x80000000U
    y[0] = 0x80000000U


cdef inline void _mix_short(uint32_t *x, const uint32_t *kx, Py_ssize_t lx,
                            uint32_t *y, const uint32_t *ky, Py_ssize_t ly) noexcept:
    """The first half of :func:`_mix_pair` for keys of one or two words: N steps, the j-th adding
    key[j % length] + j % length."""
    cdef uint32_t i, ax0 = kx[0], ay0 = ky[0], ax1, ay1
    ax1 = kx[1] + 1 if lx == 2 else kx[0]
    ay1 = ky[1] + 1 if ly == 2 else ky[0]
    # Step j (from 0) writes index j + 1 and adds a[j % 2]: steps 0..621 write 1..622 in pairs.
    i = 1
    while i < MT_N - 1:
        x[i] = (x[i] ^ ((x[i - 1] ^ (x[i - 1] >> 30)) * 1664525U)) + ax0
        y[i] = (y[i] ^ ((y[i - 1] ^ (y[i - 1] >> 30)) * 1664525U)) + ay0
        x[i + 1] = (x[i + 1] ^ ((x[i] ^ (x[i] >> 30)) * 1664525U)) + ax1
        y[i + 1] = (y[i + 1] ^ ((y[i] ^ (y[i] >> 30)) * 1664525U)) + ay1
        i += 2
    # Step 622 writes index 623 (adding a[0]), then index 0 takes 623's value; step 623 writes 1 (a[1]).
    x[MT_N - 1] = (x[MT_N - 1] ^ ((x[MT_N - 2] ^ (x[MT_N - 2] >> 30)) * 1664525U)) + ax0
    y[MT_N - 1] = (y[MT_N - 1] ^ ((y[MT_N - 2] ^ (y[MT_N - 2] >> 30)) * 1664525U)) + ay0
    x[0] = x[MT_N - 1]
    y[0] = y[MT_N - 1]
    x[1] = (x[1] ^ ((x[0] ^ (x[0] >> 30)) * 1664525U)) + ax1
    y[1] = (y[1] ^ ((y[0] ^ (y[0] >> 30)) * 1664525U)) + ay1


cdef void _mix_one(uint32_t *x, const uint32_t *kx, Py_ssize_t lx) noexcept:
    """:func:`_mix_pair` for one chain alone (the same arithmetic, at half the cost)."""
    cdef uint32_t i = 1, jx = 0
    cdef Py_ssize_t k = lx if lx > MT_N else MT_N
    if not _started:
        _fill_start()
    memcpy(x, _START, sizeof(_START))
    while k:
        x[i] = (x[i] ^ ((x[i - 1] ^ (x[i - 1] >> 30)) * 1664525U)) + kx[jx] + jx
        i += 1
        jx += 1
        if i >= MT_N:
            x[0] = x[MT_N - 1]
            i = 1
        if jx >= lx:
            jx = 0
        k -= 1
    k = MT_N - 1
    while k:
        x[i] = (x[i] ^ ((x[i - 1] ^ (x[i - 1] >> 30)) * 1566083941U)) - i
        i += 1
        if i >= MT_N:
            x[0] = x[MT_N - 1]
            i = 1
        k -= 1
    x[0] = 0x80000000U


cdef int _seed_pair(Twister a, object na, Twister b, object nb) except -1:
    """Seed ``a`` from ``na`` and (unless ``b`` is None) ``b`` from ``nb``, each as ``random.Random(n)`` would.

    Keys of up to 4 words (every seed a game makes) go through one interleaved loop; longer ones
    are seeded one at a time.
    """
    cdef uint32_t kx[4]
    cdef uint32_t ky[4]
    cdef Py_ssize_t lx = _key(na, kx, 4)
    cdef Py_ssize_t ly = _key(nb, ky, 4) if b is not None else 1
    if lx < 0 or ly < 0:
        _seed_long(a, na)
        if b is not None:
            _seed_long(b, nb)
        return 0
    if b is None:
        _mix_one(a.mt, kx, lx)
        a.index = MT_N
        return 0
    _mix_pair(a.mt, kx, lx, b.mt, ky, ly)
    a.index = MT_N
    if b is not None:
        b.index = MT_N
    return 0


cdef int _seed_long(Twister t, object n) except -1:
    """Seed ``t`` from an int of any size, alone (the same arithmetic, the second chain a copy of it)."""
    words = []
    rest = abs(int(n))
    while rest:
        words.append(rest & 0xFFFFFFFF)
        rest >>= 32
    cdef Py_ssize_t length = len(words), j
    cdef bytearray store = bytearray(length * 4)
    cdef uint32_t *key = <uint32_t *><char *>store
    for j in range(length):
        key[j] = <uint32_t>words[j]
    _mix_one(t.mt, key, length)
    t.index = MT_N
    return 0


def start(TrickKernel rules, tuple kinds, object game_seed, object bots_seed):
    """Return a session's kernel bots and game generator in one call: the bots of ``kinds`` ("random",
    "greedy", or None for a seat the kernel does not fill) share one generator seeded from
    ``bots_seed``; the game's is seeded from ``game_seed`` when the kernel runs the rules (``rules``)."""
    cdef Twister bots_rng = Twister.__new__(Twister)
    cdef Twister game_rng = None
    if rules is not None:
        game_rng = Twister.__new__(Twister)
        _seed_pair(game_rng, game_seed, bots_rng, bots_seed)
    else:
        _seed_pair(bots_rng, bots_seed, None, 0)
    bots = [None if kind is None else RandomKernelBot(bots_rng) if kind == "random" else GreedyKernelBot(rules, bots_rng)
            for kind in kinds]
    return bots, game_rng


def holds(list checks):
    """``holds`` of tabletop/_fast/gate.py, restated: True while each mapping holds as many names as it did
    (where counted, size >= 0) and maps each watched name to the very object it did. The gate asks it at
    every open, so that being sure costs little: a module's namespace is read as the dict it is, a class's
    through its read-only view."""
    cdef Py_ssize_t size, i, n
    cdef tuple names, values
    cdef PyObject *found
    for mapping, size, names, values in checks:
        if size >= 0 and len(mapping) != size:
            return False
        n = len(names)
        if type(mapping) is dict:
            for i in range(n):
                found = PyDict_GetItem(mapping, names[i])  # borrowed, NULL when the name is gone
                if found == NULL or found != <PyObject *>values[i]:
                    return False
        else:
            try:
                for i in range(n):
                    if mapping[names[i]] is not values[i]:
                        return False
            except KeyError:
                return False
    return True


def _twister_from_state(state):
    cdef Twister twister = Twister.__new__(Twister)
    twister.setstate(state)
    return twister


# -- the rules ------------------------------------------------------------------------------------

cdef class KernelState

cdef enum:
    BID = 0
    PLAY = 1
    OVER = 2
    TRICKS = 0
    HEARTS = 1
    BIDS = 2
    NO_TRUMP = 0
    FIXED_TRUMP = 1
    TURNUP = 2

cdef tuple _PHASES = ("bid", "play", "over")


cdef class TrickKernel:
    """The rules of one unmodified built-in trick game (its players and options), over deck positions.

    Made from the game object, whose tables it reads once through the one public method that hands
    them out (``trick_tables()``: the deck in display order, each card's play action, suit, strength
    and points, the bid actions, the hand size, the trump) and its options. The session calls the
    hooks below in place of the game's; every other attribute is the game's (``name``, ``players``...).
    """

    cdef readonly object game
    cdef int n, size, ndeck, scoring, trump_mode, fixed_trump, joker, max_deals
    cdef long long target
    cdef bint has_undealt
    cdef int suit_of[MAX_CARDS]
    cdef int strength[MAX_CARDS]
    cdef int points[MAX_CARDS]
    cdef list plays, cards, suit_names
    cdef PyObject *play_at[MAX_CARDS]
    """Each position's play action (borrowed from ``plays``, which holds them): compared by address."""
    cdef tuple bids
    cdef dict suit_id, pos_of_play, pos_of_card
    cdef object state_class
    cdef int ten

    def __init__(self, game, state_class):
        cdef int i
        self.game = game
        self.state_class = state_class
        o = game.options
        tables = game.trick_tables()
        deck = tables.deck
        self.n = game.players
        self.size = tables.hand_size
        self.ndeck = len(deck)
        self.has_undealt = tables.leaves_undealt
        self.scoring = {"tricks": TRICKS, "hearts": HEARTS, "bid": BIDS}[o.scoring]
        self.max_deals = tables.max_deals
        self.target = o.target
        self.suit_names = list(tables.suits)
        self.suit_id = {s: i for i, s in enumerate(self.suit_names)}
        self.joker = self.suit_id["*"]
        self.trump_mode = TURNUP if o.trump == "turnup" else NO_TRUMP if o.trump == "none" else FIXED_TRUMP
        self.fixed_trump = self.suit_id[tables.fixed_trump] if tables.fixed_trump is not None else NO
        self.plays = list(tables.plays)
        self.cards = list(deck)
        self.bids = tuple(tables.bids)
        self.pos_of_play = {}
        self.pos_of_card = {}
        for i in range(self.ndeck):
            card = self.cards[i]
            self.suit_of[i] = self.suit_id[card.suit]
            self.strength[i] = tables.strength[card]
            self.points[i] = tables.points[card]
            self.pos_of_play.setdefault(self.plays[i], i)
            self.play_at[i] = <PyObject *>self.plays[i]
            self.pos_of_card.setdefault(card, i)
        self.ten = tables.rank_power.get("10", 0)

    @staticmethod
    def fits(game):
        """Return True when the kernel's arrays hold this game (deck, seats) and its deck keeps jokers last."""
        tables = game.trick_tables()
        deck = tables.deck
        if len(deck) > MAX_CARDS or game.players > MAX_SEATS or "*" not in tables.suits:
            return False
        # A hand's cards of one suit (jokers with the trump suit) keep the order of the deck: jokers last.
        seen_joker = False
        for card in deck:
            if card.suit == "*":
                seen_joker = True
            elif seen_joker:
                return False
        return True

    def __getattr__(self, name):
        # Anything else is the game's: a hook handed a kernel state gets the state as the game keeps it.
        value = getattr(self.game, name)
        if not callable(value):
            return value

        def on_plain_state(*args, **kwargs):
            return value(*[self.plain_state(a) if type(a) is KernelState else a for a in args], **kwargs)
        return on_plain_state

    # -- the hooks the session calls ------------------------------------------------------------
    def setup(self, Twister rng, emit):
        """Return a new game as ``TrickGame.setup``: a random first dealer, the first deal dealt."""
        if emit is not None:
            raise ValueError("the kernel runs games no one listens to: events need the game itself")
        cdef KernelState state = KernelState.__new__(KernelState)
        state.k = self
        state.rng = rng
        state.deal = 0
        state.dealer = rng.below(self.n)
        memset(state.scores, 0, sizeof(state.scores))
        state.deal_points = []
        state.last_leader = 0
        state.last_len = 0
        self._start_deal(state)
        return state

    def legal_actions(self, KernelState state):
        """Return the bids or card plays open to the seat to move (must follow the led suit if able)."""
        cdef int seat = state.seat, count = 0, i, p, led = state.led
        cdef unsigned char *hand
        cdef int length
        if state.phase == PLAY:
            hand = state.hands[seat]
            length = state.hand_len[seat]
            if state.trick_len:
                for i in range(length):
                    if self.eff(hand[i], state.trump) == led:
                        count += 1
            if count == 0:
                return self._plays_of(hand, length, NO, state.trump)
            return self._plays_of(hand, length, led, state.trump)
        if state.phase == BID:
            return self.bids
        return ()

    def apply(self, KernelState state, action, emit):
        """Apply a bid or a card play already checked to be legal; finish tricks, deals and the game."""
        cdef int seat = state.seat, nxt, i, p, length, suit
        cdef unsigned char *hand
        cdef PyObject *wanted = <PyObject *>action
        if state.phase == BID:  # the session checked it: a bid
            state.bids[seat] = action.value
            nxt = (seat + 1) % self.n
            if nxt == state.leader:
                state.phase = PLAY
            state.set_to_move(nxt)
            return
        hand = state.hands[seat]
        length = state.hand_len[seat]
        p = NO
        for i in range(length):
            if self.play_at[hand[i]] == wanted:
                p = hand[i]
                memmove(hand + i, hand + i + 1, length - i - 1)
                state.hand_len[seat] = length - 1
                break
        if p == NO:
            raise ValueError(f"{action!r} is not in the hand of seat {seat + 1}")
        suit = self.eff(p, state.trump)
        if state.trick_len == 0:
            state.led = suit
        elif suit != state.led:
            # Under must-follow, not following shows the seat holds none of the led suit.
            state.voids[seat] |= 1U << state.led
        state.trick[state.trick_len] = p
        state.trick_len += 1
        if state.trick_len < self.n:
            state.set_to_move((seat + 1) % self.n)
            return
        self._finish_trick(state)

    def scores(self, KernelState state):
        """Return each seat's score so far."""
        return [state.scores[i] for i in range(self.n)]

    def ranks(self, KernelState state):
        """Return each seat's rank, 1 the best, ties sharing a rank ("1224"), as ``competition_ranks``."""
        cdef int i, j, better
        cdef bint low = self.scoring == HEARTS
        out = []
        for i in range(self.n):
            better = 0
            for j in range(self.n):
                if (state.scores[j] < state.scores[i]) if low else (state.scores[j] > state.scores[i]):
                    better += 1
            out.append(better + 1)
        return out

    def observe_key(self, KernelState state, int seat, str key):
        """Return one entry of the observation: the few a bot reads every move cost only themselves."""
        if key == "trick":
            return self._trick_plays(state)
        if key == "trump":
            return self.suit_names[state.trump] if state.trump != NO else None
        if key == "phase":
            return _PHASES[state.phase]
        if key == "hand":
            return tuple([self.cards[state.hands[seat][i]] for i in range(state.hand_len[seat])])
        return self.observe(state, seat)[key]

    def observe(self, KernelState state, int seat):
        """Return the game's own observation, of the state as the game keeps it."""
        return self.game.observe(self.plain_state(state), seat)

    def table(self, KernelState state, seat):
        """Return the game's own table view, of the state as the game keeps it."""
        return self.game.table(self.plain_state(state), seat)

    def why_illegal(self, KernelState state, action):
        """Return the game's own reason, of the state as the game keeps it."""
        return self.game.why_illegal(self.plain_state(state), action)

    def plain_state(self, KernelState state):
        """Return the state as the game keeps it (a ``TrickState``, its generator a copy): for reading, and for worlds."""
        cdef int s, t, i, n = self.n, start = 0
        cdef bint shown
        trump = self.suit_names[state.trump] if state.trump != NO else None
        hands = [[self.cards[state.hands[s][i]] for i in range(state.hand_len[s])] for s in range(n)]
        won = [[] for _ in range(n)]
        for t in range(state.trick_no):
            won[state.winners[t]] += [self.cards[state.played[t * n + i]] for i in range(n)]
        turnup = self.cards[state.turnup] if state.turnup != NO else None
        if turnup is not None and self.has_undealt:
            start = 1  # the top undealt card, turned up, lies apart all deal
            shown = True
        else:  # the dealer's own, face up until the dealer plays to the first trick
            shown = turnup is not None and state.trick_no == 0 and state.trick_len <= (state.dealer - state.leader) % n
        out = self.state_class(
            to_move=state.to_move, dealer=state.dealer, deals=state.deal,
            scores=[state.scores[s] for s in range(n)], deal_points=list(state.deal_points), hands=hands,
            trick=[self.cards[state.trick[i]] for i in range(state.trick_len)], won=won,
            turnup=[turnup] if shown else [],
            undealt=[self.cards[state.undealt[i]] for i in range(start, state.undealt_len)],
            phase=_PHASES[state.phase], leader=state.leader,
            led=self.suit_names[state.led] if state.led != NO else None, trump=trump, trump_card=turnup,
            trick_no=state.trick_no, tricks_won=[state.tricks_won[s] for s in range(n)],
            bids=[state.bids[s] if state.bids[s] != NO else None for s in range(n)],
            played=[self.cards[state.played[i]] for i in range(state.trick_no * n)],
            last_trick=(state.last_leader, [self.cards[state.last_cards[i]] for i in range(state.last_len)]),
            voids=[{self.suit_names[b] for b in range(len(self.suit_names)) if state.voids[s] >> b & 1}
                   for s in range(n)],
            plays=[self._plays_list(state.hands[s], state.hand_len[s]) for s in range(n)],
            buckets=[self._buckets(state.hands[s], state.hand_len[s], state.trump) for s in range(n)])
        out.rng = state.rng.as_random()
        return out

    # -- internals ------------------------------------------------------------------------------
    cdef inline int eff(self, int p, int trump) noexcept:
        """The suit a card plays as: jokers belong to the trump suit (their own without one)."""
        cdef int suit = self.suit_of[p]
        if suit == self.joker and trump != NO:
            return trump
        return suit

    cdef tuple _plays_of(self, unsigned char *hand, int length, int suit, int trump):
        """The play actions of the hand's cards (of ``suit`` only, unless it is NO), in hand order."""
        cdef int i, count = 0
        cdef unsigned char picked[MAX_CARDS]
        cdef PyObject *play
        for i in range(length):
            if suit == NO or self.eff(hand[i], trump) == suit:
                picked[count] = hand[i]
                count += 1
        out = PyTuple_New(count)
        for i in range(count):
            play = self.play_at[picked[i]]
            Py_INCREF(<object>play)
            PyTuple_SET_ITEM(out, i, <object>play)
        return out

    cdef list _plays_list(self, unsigned char *hand, int length):
        return [self.plays[hand[i]] for i in range(length)]

    cdef dict _buckets(self, unsigned char *hand, int length, int trump):
        """The hand by suit as ``TrickGame`` buckets it: jokers with the trump suit, after its cards."""
        buckets = {s: [] for s in self.suit_names}
        cdef int i
        for i in range(length):
            buckets[self.suit_names[self.eff(hand[i], trump)]].append(self.plays[hand[i]])
        return buckets

    cdef tuple _trick_plays(self, KernelState state):
        cdef int i
        return tuple([((state.leader + i) % self.n, self.cards[state.trick[i]]) for i in range(state.trick_len)])

    cdef void _start_deal(self, KernelState state) except *:
        cdef int n = self.n, size = self.size, i, p, s, dealt
        cdef double keys[MAX_CARDS]
        cdef unsigned char order[MAX_CARDS]
        cdef int place[MAX_CARDS]
        cdef double key
        cdef Twister rng = state.rng
        state.deal += 1
        state.trick_len = 0
        state.led = NO
        state.trick_no = 0
        memset(state.tricks_won, 0, sizeof(state.tricks_won))
        for s in range(MAX_SEATS):
            state.bids[s] = NO
        memset(state.voids, 0, sizeof(state.voids))
        # The deck's positions in a random order: sorted by a random key each, drawn in deck order
        # (rng.random_order: a stable sort, here by insertion as the keys are drawn).
        for i in range(self.ndeck):
            key = rng.next_double()
            p = i
            while p > 0 and keys[p - 1] > key:
                keys[p] = keys[p - 1]
                order[p] = order[p - 1]
                p -= 1
            keys[p] = key
            order[p] = i
        # Seat s gets order[s * size:(s + 1) * size], sorted: each position's place in the order says whose it is.
        for i in range(self.ndeck):
            place[order[i]] = i
        memset(state.hand_len, 0, sizeof(state.hand_len))
        dealt = n * size
        for p in range(self.ndeck):
            i = place[p]
            if i < dealt:
                s = i // size
                state.hands[s][state.hand_len[s]] = p
                state.hand_len[s] += 1
        state.undealt_len = 0
        if self.has_undealt:
            for i in range(dealt, self.ndeck):
                state.undealt[state.undealt_len] = order[i]
                state.undealt_len += 1
        state.turnup = NO
        if self.trump_mode == TURNUP:
            # The top undealt card, or (everything dealt) the dealer's last card, shown to all.
            state.turnup = state.undealt[0] if state.undealt_len else order[state.dealer * size + size - 1]
            state.trump = NO if self.suit_of[state.turnup] == self.joker else self.suit_of[state.turnup]
        else:
            state.trump = self.fixed_trump
        state.leader = (state.dealer + 1) % n
        state.set_to_move(state.leader)
        state.phase = BID if self.scoring == BIDS else PLAY

    cdef void _finish_trick(self, KernelState state) except *:
        cdef int n = self.n, i, index = 0, best_suit, best, suit, trump = state.trump, leader = state.leader
        cdef int winner
        cdef unsigned char *cards = state.trick
        # kit.tricks.winning_index: the highest trump, else the highest of the led suit; ties to the first.
        if trump == NO:
            trump = self.joker
        best_suit = self.suit_of[cards[0]]
        if best_suit == self.joker:
            best_suit = trump
        best = self.strength[cards[0]]
        for i in range(1, n):
            suit = self.suit_of[cards[i]]
            if suit == self.joker:
                suit = trump
            if suit == best_suit:
                if self.strength[cards[i]] > best:
                    index, best = i, self.strength[cards[i]]
            elif suit == trump:
                index, best_suit, best = i, suit, self.strength[cards[i]]
        winner = (leader + index) % n
        state.tricks_won[winner] += 1
        memcpy(state.played + state.trick_no * n, cards, n)
        state.winners[state.trick_no] = winner
        state.trick_no += 1
        state.last_leader = leader
        memcpy(state.last_cards, cards, n)
        state.last_len = n
        state.trick_len = 0
        state.leader = winner
        state.set_to_move(winner)
        if state.hand_len[winner] == 0:
            self._finish_deal(state)

    cdef void _finish_deal(self, KernelState state) except *:
        cdef int n = self.n, s, t, i
        cdef long long points[MAX_SEATS]
        cdef long long top
        memset(points, 0, sizeof(points))
        if self.scoring == HEARTS:
            for t in range(state.trick_no):
                for i in range(n):
                    points[state.winners[t]] += self.points[state.played[t * n + i]]
        elif self.scoring == BIDS:
            for s in range(n):
                points[s] = 10 + state.bids[s] if state.bids[s] == state.tricks_won[s] else 0
        else:
            for s in range(n):
                points[s] = state.tricks_won[s]
        for s in range(n):
            state.scores[s] += points[s]
        state.deal_points.append(tuple([points[s] for s in range(n)]))
        top = state.scores[0]
        for s in range(1, n):
            if state.scores[s] > top:
                top = state.scores[s]
        if (self.target and top >= self.target) or state.deal >= self.max_deals:
            state.to_move = None
            state.seat = NO
            state.phase = OVER
            return
        state.dealer = (state.dealer + 1) % n
        self._start_deal(state)


cdef class KernelState:
    """One game of the kernel in progress: the fields of ``TrickState`` as small C arrays.

    The session reads ``to_move`` (and ``rng``); :meth:`TrickKernel.plain_state` gives the whole state
    as the game keeps it.
    """

    cdef TrickKernel k
    cdef readonly Twister rng
    cdef readonly object to_move
    cdef int seat, phase, deal, dealer, trump, turnup, led, leader, trick_no
    cdef unsigned char hands[MAX_SEATS][MAX_CARDS]
    cdef int hand_len[MAX_SEATS]
    cdef unsigned char trick[MAX_SEATS]
    cdef int trick_len
    cdef int tricks_won[MAX_SEATS]
    cdef unsigned char played[MAX_CARDS]
    cdef unsigned char winners[MAX_CARDS]
    cdef int bids[MAX_SEATS]
    cdef long long scores[MAX_SEATS]
    cdef list deal_points
    cdef unsigned char undealt[MAX_CARDS]
    cdef int undealt_len
    cdef int last_leader
    cdef unsigned char last_cards[MAX_SEATS]
    cdef int last_len
    cdef unsigned int voids[MAX_SEATS]

    cdef inline void set_to_move(self, int seat) noexcept:
        self.seat = seat
        self.to_move = seat

    def __copy__(self):
        cdef KernelState new = KernelState.__new__(KernelState)
        new.k = self.k
        new.rng = self.rng.__copy__()
        new.to_move = self.to_move
        new.seat, new.phase, new.deal, new.dealer = self.seat, self.phase, self.deal, self.dealer
        new.trump, new.turnup, new.led, new.leader, new.trick_no = self.trump, self.turnup, self.led, self.leader, self.trick_no
        memcpy(new.hands, self.hands, sizeof(self.hands))
        memcpy(new.hand_len, self.hand_len, sizeof(self.hand_len))
        memcpy(new.trick, self.trick, sizeof(self.trick))
        new.trick_len = self.trick_len
        memcpy(new.tricks_won, self.tricks_won, sizeof(self.tricks_won))
        memcpy(new.played, self.played, sizeof(self.played))
        memcpy(new.winners, self.winners, sizeof(self.winners))
        memcpy(new.bids, self.bids, sizeof(self.bids))
        memcpy(new.scores, self.scores, sizeof(self.scores))
        new.deal_points = list(self.deal_points)
        memcpy(new.undealt, self.undealt, sizeof(self.undealt))
        new.undealt_len = self.undealt_len
        new.last_leader, new.last_len = self.last_leader, self.last_len
        memcpy(new.last_cards, self.last_cards, sizeof(self.last_cards))
        memcpy(new.voids, self.voids, sizeof(self.voids))
        return new

    def __deepcopy__(self, memo):
        return self.__copy__()

    def __reduce__(self):
        raise TypeError("a kernel state is not pickled: pickle its plain_state()")


# -- the bots -------------------------------------------------------------------------------------

cdef class RandomKernelBot:
    """The built-in random bot (``bots/random_bot.py``): the same choice from the same generator."""

    cdef readonly Twister rng

    def __init__(self, Twister rng):
        self.rng = rng

    @property
    def name(self):
        return "random"

    @property
    def trusted(self):
        return True

    def choose(self, view):
        """Return a uniformly drawn legal action: ``legal[int(random() * len(legal))]``."""
        legal = view.legal
        return legal[<Py_ssize_t>(self.rng.next_double() * len(legal))]

    def save_state(self):
        return self.rng.getstate()

    def load_state(self, state):
        self.rng.setstate(state)


cdef class GreedyKernelBot:
    """The built-in greedy bot (``bots/trick_bot.py``) in the trick game: the same choice, made in C.

    Card play: win the trick as cheaply as possible, else throw the weakest card (under hearts
    scoring, lose with the strongest card that loses, else play the strongest); lead the strongest
    (the weakest under hearts). Cards compare as (is a trump, strength), jokers being trumps. Bids:
    the legal bid closest to the hand's sure tricks. It draws nothing in the trick game.
    """

    cdef TrickKernel k
    cdef readonly Twister rng
    cdef bint avoid

    def __init__(self, TrickKernel k, Twister rng):
        self.k = k
        self.rng = rng
        self.avoid = k.scoring == HEARTS

    @property
    def name(self):
        return "greedy"

    @property
    def trusted(self):
        return True

    def save_state(self):
        return self.rng.getstate()

    def load_state(self, state):
        self.rng.setstate(state)

    def choose(self, view):
        """Return the cheapest winning card, or the least useful card when it cannot win."""
        legal = view.legal
        if legal[0].card is None:
            return self._bid(legal, view.fact("hand"), view.fact("trump"))
        fact = view.fact
        return self._pick(legal, fact("trick"), fact("trump"))

    cdef object _bid(self, tuple legal, tuple hand, trump):
        cdef TrickKernel k = self.k
        cdef int sure = 0, p, gap, best_gap = -1
        for card in hand:
            p = k.pos_of_card[card]
            if (card.rank in ("A", "K") or k.suit_of[p] == k.joker
                    or (trump is not None and card.suit == trump and k.strength[p] > k.ten)):
                sure += 1
        best = None
        for action in legal:
            if action.kind == "bid" and type(action.value) is int:
                gap = abs(<int>action.value - sure)
                if best is None or gap < best_gap:
                    best, best_gap = action, gap
        return best if best is not None else legal[0]

    cdef object _pick(self, tuple legal, tuple trick, trump):
        cdef TrickKernel k = self.k
        cdef int top = k.suit_id[trump] if trump is not None else k.joker
        cdef int i, p, suit, rank, key, best_suit, best
        cdef int win_key = 0, lose_key = 0, any_key
        cdef Py_ssize_t count = len(legal), w = -1, l = -1, extreme = 0
        cdef bint avoid = self.avoid
        cdef int keys[MAX_CARDS]
        cdef int suits[MAX_CARDS]
        cdef int ranks[MAX_CARDS]
        if count == 0:
            raise ValueError("no legal action to choose from")
        for i in range(count):
            p = k.pos_of_play[legal[i]]
            suit = k.suit_of[p]
            if suit == k.joker:
                suit = top
            suits[i] = suit
            ranks[i] = k.strength[p]
            keys[i] = (1000 if suit == top else 0) + ranks[i]
        any_key = keys[0]
        if not trick:
            # Lead the strongest card (the weakest when tricks cost points); ties go to the first in hand.
            for i in range(count):
                if (keys[i] < any_key) if avoid else (keys[i] > any_key):
                    extreme, any_key = i, keys[i]
            return legal[extreme]
        # What a card must beat: the trick's winner so far.
        p = k.pos_of_card[trick[0][1]]
        best_suit = k.suit_of[p]
        if best_suit == k.joker:
            best_suit = top
        best = k.strength[p]
        for i in range(1, len(trick)):
            p = k.pos_of_card[trick[i][1]]
            suit = k.suit_of[p]
            if suit == k.joker:
                suit = top
            rank = k.strength[p]
            if suit == best_suit:
                if rank > best:
                    best = rank
            elif suit == top:
                best_suit, best = suit, rank
        for i in range(count):
            key = keys[i]
            if (suits[i] == best_suit and ranks[i] > best) or (suits[i] == top and best_suit != top):
                if w == -1 or key < win_key:
                    w, win_key = i, key
            elif l == -1 or key > lose_key:
                l, lose_key = i, key
            if (key > any_key) if avoid else (key < any_key):
                extreme, any_key = i, key
        if avoid:
            return legal[l] if l != -1 else legal[extreme]
        return legal[w] if w != -1 else legal[extreme]
