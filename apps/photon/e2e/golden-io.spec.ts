// The .io reader and writer: what execution-apis writes reads back, and malformed files are refused
// with the line that is wrong.
import { formatGoldenFile, parseGoldenFile } from './golden-io';
import { FILTER_ID_SHAPE, FILTER_STAND_IN, MACHINE_PLACEHOLDER, machineFree } from './golden-volatile';

const EXECUTION_APIS_STYLE = [
  "// retrieves the client's current block number",
  '>> {"jsonrpc":"2.0","id":1,"method":"eth_blockNumber"}',
  '<< {"jsonrpc":"2.0","id":1,"result":"0x14"}',
  '',
].join('\n');

describe(parseGoldenFile.name, () => {
  it('default: reads a file of execution-apis and writes it back the same', () => {
    const file = parseGoldenFile(EXECUTION_APIS_STYLE, 'simple-test.io');
    expect(file).toEqual({
      comments: ["retrieves the client's current block number"],
      exchanges: [
        {
          request: { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' },
          response: { jsonrpc: '2.0', id: 1, result: '0x14' },
        },
      ],
    });
    expect(formatGoldenFile(file)).toBe(EXECUTION_APIS_STYLE);
  });

  it('args: several exchanges in order', () => {
    const text = '>> {"id":1}\n<< {"id":1}\n>> {"id":2}\n<< {"id":2}\n';
    expect(parseGoldenFile(text, 'flow.io').exchanges.map((e) => e.request)).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it.each([
    ['>> {"id":1}\n', 'flow.io: the last request has no response'],
    ['<< {"id":1}\n', 'flow.io:1: a response without a request'],
    ['>> {"id":1}\n>> {"id":2}\n', 'flow.io:2: a request follows a request without its response'],
    ['>> {"id":1}\n<< {id:1}\n', 'flow.io:2: not JSON'],
    ['result 1\n', 'flow.io:1: a line must start with //, >> or <<'],
    ['// only a comment\n', 'flow.io: no exchange'],
  ])('error: %j', (text, message) => {
    expect(() => parseGoldenFile(text, 'flow.io')).toThrow(message);
  });
});

describe('golden volatile fields', () => {
  it('default: stand-ins have the shape of a filter id, so a file is a valid request', () => {
    expect(FILTER_STAND_IN(1)).toMatch(FILTER_ID_SHAPE);
  });

  it("default: only this machine's suffix of the client version becomes placeholders", () => {
    const live = `Photon/v0.1.0/${process.platform}-${process.arch}/node${process.versions.node}`;
    expect(machineFree(live)).toBe(`Photon/v0.1.0${MACHINE_PLACEHOLDER}`);
    expect(machineFree('Photon/v0.1.0/plan9-mips/node1.0.0')).toBe('Photon/v0.1.0/plan9-mips/node1.0.0');
  });
});
