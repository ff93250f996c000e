import { describe, expect, it } from 'vitest';
import {
  LOG_FORMAT,
  LOG_VERSION,
  buildActionLog,
  diffStates,
  parseActionLog,
  pickPath,
  serializeActionLog,
  type ActionLogFile,
} from '../../../src/features/qa/actionLog';

const state = { cart: { items: { 'p1_Red|': 1 } }, session: { status: 'anonymous', token: null } };
const actions = [
  { action: { type: 'cart/lineAdded', payload: { key: 'p1_Red|', quantity: 1 } }, at: 1_700_000_000_100 },
  { action: { type: 'wishlist/toggled', payload: 'p2' }, at: 1_700_000_000_200 },
];

function file(overrides: Partial<Record<keyof ActionLogFile, unknown>> = {}): string {
  const f = buildActionLog({ preloadedState: state, actions, startedAt: 1_700_000_000_000, savedAt: 1_700_000_001_000, finalState: state });
  return JSON.stringify({ ...f, ...overrides });
}

describe('action log format', () => {
  it('writes a versioned file that also has Redux DevTools’ export shape, and reads it back', () => {
    const built = buildActionLog({ preloadedState: state, actions, startedAt: 1, savedAt: 2, finalState: state });
    expect(built).toMatchObject({ format: LOG_FORMAT, version: LOG_VERSION, redacted: true, dropped: 0 });
    // DevTools' Import reads `payload` (the action array) and `preloadedState`, both JSON strings.
    expect(JSON.parse(built.payload)).toEqual(actions.map((a) => a.action));
    expect(JSON.parse(built.preloadedState)).toEqual(state);
    expect(built.steps).toEqual([
      { type: 'cart/lineAdded', at: 1_700_000_000_100 },
      { type: 'wishlist/toggled', at: 1_700_000_000_200 },
    ]);

    const text = serializeActionLog(built);
    expect(JSON.parse(text)).toEqual(built);
    // One step per line: a log reads like the shopper's story.
    expect(text).toContain('\n    {"type":"cart/lineAdded","at":1700000000100},\n');
    const parsed = parseActionLog(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.log.actions).toEqual(actions.map((a) => a.action));
    expect(parsed.log.times).toEqual([1_700_000_000_100, 1_700_000_000_200]);
    expect(parsed.log.preloadedState).toEqual(state);
    expect(parsed.log.finalState).toEqual(state);
  });

  it('serializes an empty log', () => {
    const built = buildActionLog({ preloadedState: state, actions: [], startedAt: 1, savedAt: 2 });
    const parsed = parseActionLog(serializeActionLog(built));
    expect(parsed).toMatchObject({ ok: true, log: { actions: [], times: [], finalState: null } });
  });

  it('redacts what it is given, even without the recorder', () => {
    const built = buildActionLog({
      preloadedState: { session: { token: 'abc.def' } },
      actions: [{ action: { type: 'session/loggedIn', payload: { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl' } }, at: 1 }],
      startedAt: 1,
      savedAt: 2,
      finalState: { session: { token: 'abc.def' } },
    });
    const text = serializeActionLog(built);
    expect(text).not.toContain('abc.def');
    expect(text).not.toContain('eyJhbGci');
  });

  it('reads a version 1 log under today’s slice names: state keys and action types renamed, the rest as recorded', () => {
    const v1State = { productSelection: { byProduct: { p1: { color: 'Red' } } }, bundleView: { carouselPage: 2 }, cart: { items: {} } };
    const v1Actions = [
      { action: { type: 'productSelection/colorPicked', payload: { productId: 'p1', color: 'Red' } }, at: 1 },
      { action: { type: 'bundleView/addPressed', payload: { bundleId: 'b1' } }, at: 2 },
      { action: { type: 'cart/lineAdded', payload: { key: 'p1_Red|', quantity: 1 } }, at: 3 },
    ];
    const v1 = { ...buildActionLog({ preloadedState: v1State, actions: v1Actions, startedAt: 0, savedAt: 4, finalState: v1State }), version: 1 };
    const result = parseActionLog(JSON.stringify(v1));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.log.actions.map((a) => a.type)).toEqual(['catalog/colorPicked', 'bundles/addPressed', 'cart/lineAdded']);
    expect(result.log.actions[0]).toEqual({ type: 'catalog/colorPicked', payload: { productId: 'p1', color: 'Red' } });
    const renamed = { catalog: v1State.productSelection, bundles: v1State.bundleView, cart: v1State.cart };
    expect(result.log.preloadedState).toEqual(renamed);
    expect(result.log.finalState).toEqual(renamed);
    // A version 2 file is taken as written: a slice that happens to carry an old name is not touched.
    const v2 = parseActionLog(JSON.stringify(buildActionLog({ preloadedState: v1State, actions: v1Actions, startedAt: 0, savedAt: 4 })));
    expect(v2.ok && v2.log.actions[0]!.type).toBe('productSelection/colorPicked');
  });

  const refusals: Array<[string, string, RegExp]> = [
    ['text that is not JSON', '{"format": "layerloft-action-log", ', /not JSON/],
    ['a JSON array', '[1, 2]', /not a LayerLoft action log/],
    ['another format', JSON.stringify({ format: 'har', version: 1 }), /not a LayerLoft action log \(format "har"\)/],
    ['a plain DevTools export', JSON.stringify({ payload: '[]', preloadedState: '{}' }), /plain Redux DevTools export/],
    ['a newer version', file({ version: 3 }), /newer version of the format \(v3\)/],
    ['an older, unknown version', file({ version: 0 }), /version 0 is not supported/],
    ['a missing version', file({ version: undefined }), /version is missing/],
    ['a payload that is not a string', file({ payload: [] }), /"payload" must be a JSON string/],
    ['a payload that is not JSON', file({ payload: '[{"type":' }), /"payload" is not valid JSON/],
    ['a payload that is not an array', file({ payload: '{}' }), /array of actions/],
    ['an action without a type', file({ payload: '[{"type":"cart/lineAdded"},{"payload":1}]' }), /action 1 has no type/],
    ['a state that is not an object', file({ preloadedState: '[]' }), /"preloadedState" must hold the store state/],
    ['a corrupt final state', file({ finalState: '{"cart":' }), /"finalState" is not valid JSON/],
    ['missing times', file({ steps: undefined }), /"steps" \(the action times\) is missing/],
    ['times that do not match the actions', file({ steps: [{ type: 'cart/lineAdded', at: 1 }] }), /lists 1 actions but "payload" holds 2/],
    ['a step without a time', file({ steps: [{ type: 'cart/lineAdded', at: 1 }, { type: 'wishlist/toggled' }] }), /step 1 has no time/],
    ['a step naming another action', file({ steps: [{ type: 'cart/lineAdded', at: 1 }, { type: 'cart/lineRemoved', at: 2 }] }), /step 1 says "cart\/lineRemoved"/],
  ];
  it.each(refusals)('refuses %s with a clear message', (_name, text, message) => {
    const result = parseActionLog(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatch(/^This file cannot be replayed: /);
    expect(result.error).toMatch(message);
  });
});

describe('reading states', () => {
  const s = { api: { queries: { 'getWishlist(undefined)': { data: ['a', 'b'] } } }, cart: { items: { 'p1_Red|': 2 } } };

  it('picks a part by path', () => {
    expect(pickPath(s, 'cart.items')).toEqual({ 'p1_Red|': 2 });
    expect(pickPath(s, 'api.queries["getWishlist(undefined)"].data[1]')).toBe('b');
    expect(pickPath(s, 'cart.nothing.deeper')).toBeUndefined();
    expect(pickPath(s, undefined)).toBe(s);
  });

  it('diffs readably, one line per difference', () => {
    expect(diffStates(s, structuredClone(s))).toEqual([]);
    const other = { api: { queries: { 'getWishlist(undefined)': { data: ['a'] } } }, cart: { items: { 'p1_Red|': 3, 'p2_|': 1 } }, extra: true };
    expect(diffStates(s, other)).toEqual([
      'api.queries["getWishlist(undefined)"].data[1]: missing (expected "b")',
      'cart.items["p1_Red|"]: expected 2, received 3',
      'cart.items["p2_|"]: unexpected 1',
      'extra: unexpected true',
    ]);
    expect(diffStates(1, 2)).toEqual(['(root): expected 1, received 2']);
    const many = diffStates({ a: [1, 2, 3, 4, 5] }, { a: [5, 4, 3, 2, 1] }, 2);
    expect(many).toEqual(['a[0]: expected 1, received 5', 'a[1]: expected 2, received 4', '… and 2 more differences']);
  });
});
