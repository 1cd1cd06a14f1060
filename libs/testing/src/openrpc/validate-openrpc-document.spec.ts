import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { photonOpenRpcDocument } from '@photon/types';
import { workspaceRoot } from '../cli-path';
import { validateOpenRpcDocument } from './validate-openrpc-document';

describe(validateOpenRpcDocument.name, () => {
  it('default: the committed docs/openrpc.json and every namespace-filtered document are valid OpenRPC', () => {
    const committed: unknown = JSON.parse(
      readFileSync(join(workspaceRoot(), 'docs', 'openrpc.json'), 'utf8'),
    );
    expect(validateOpenRpcDocument(committed)).toStrictEqual({ valid: true, errors: '' });
    expect(validateOpenRpcDocument(photonOpenRpcDocument(['web3', 'eth', 'net', 'rpc'])).valid).toBe(true);
    expect(validateOpenRpcDocument(photonOpenRpcDocument([])).valid).toBe(true);
  });

  it('error: a document the meta-schema rejects names the field', () => {
    const document = photonOpenRpcDocument(['net']);
    const broken = { ...document, methods: [{ ...document.methods[0], params: 'none' }] };
    const outcome = validateOpenRpcDocument(broken);
    expect(outcome.valid).toBe(false);
    expect(outcome.errors).toContain('result/methods/0');
    expect(validateOpenRpcDocument({ openrpc: '9.9.9', info: {}, methods: [] }).valid).toBe(false);
  });
});
