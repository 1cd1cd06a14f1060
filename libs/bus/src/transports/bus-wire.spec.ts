import { RawJson, RemoteRpcError } from '@photon/codec';
import fc from 'fast-check';
import { encodeJson, rawResultOf, unwrapReply } from './bus-wire';

describe(rawResultOf.name, () => {
  it('default: a successful reply is its result JSON text, unparsed', () => {
    const raw = rawResultOf(encodeJson({ result: { status: '0x1', logs: [] } }));
    expect(raw).toBeInstanceOf(RawJson);
    expect((raw as RawJson).text).toBe('{"status":"0x1","logs":[]}');
    expect((rawResultOf(encodeJson({ result: null })) as RawJson).text).toBe('null');
  });

  it('property: the raw text stands for what unwrapReply parses, for any JSON result', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (result) => {
        const data = encodeJson({ result });
        expect((rawResultOf(data) as RawJson).value()).toEqual(unwrapReply(data));
      }),
    );
  });

  it('error: an error reply is thrown as the service sent it', () => {
    const data = encodeJson({ error: { code: -32000, message: 'header not found' } });
    expect(() => rawResultOf(data)).toThrow(RemoteRpcError);
    expect(() => rawResultOf(data)).toThrow('header not found');
  });

  it('behavior: a reply in another form is parsed, not spliced', () => {
    expect(rawResultOf(Buffer.from(' {"result": 5}'))).toBe(5);
  });

  it('args: bytes read in place from a view into a larger buffer', () => {
    const whole = Buffer.from('xx{"result":"0x2a"}yy');
    const view = new Uint8Array(whole.buffer, whole.byteOffset + 2, whole.length - 4);
    expect((rawResultOf(view) as RawJson).text).toBe('"0x2a"');
  });
});
