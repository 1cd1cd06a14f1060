import { engineHttpUrl, engineWebsocketUrl } from './engine-url';

describe(engineHttpUrl.name, () => {
  it('default: tcp:// (the --node form) is plain HTTP', () => {
    expect(engineHttpUrl('tcp://127.0.0.1:26657').toString()).toBe('http://127.0.0.1:26657/');
  });

  it.each([
    ['http://node:26657', 'http://node:26657/'],
    ['https://rpc.example.org/cosmos', 'https://rpc.example.org/cosmos'],
  ])('args: %s', (input, expected) => {
    expect(engineHttpUrl(input).toString()).toBe(expected);
    expect(engineHttpUrl(new URL(input)).toString()).toBe(expected);
  });

  it('error: another scheme', () => {
    expect(() => engineHttpUrl('ws://node:26657')).toThrow(TypeError);
  });
});

describe(engineWebsocketUrl.name, () => {
  it.each([
    ['tcp://127.0.0.1:26657', 'ws://127.0.0.1:26657/websocket'],
    ['https://rpc.example.org/cosmos/', 'wss://rpc.example.org/cosmos/websocket'],
    ['http://node:26657/?x=1', 'ws://node:26657/websocket'],
  ])('args: %s', (input, expected) => {
    expect(engineWebsocketUrl(input).toString()).toBe(expected);
  });
});
