// docker-compose.yml against the Compose specification's JSON schema: what `docker compose config`
// would refuse is refused here, with no Docker engine.
import { readCompose } from './deploy-files';
import { composeSpecSchema, composeValidator } from './compose-spec-schema';

describe('docker-compose.yml', () => {
  const validate = composeValidator();

  it("default: the schema is the Compose specification's", () => {
    expect(composeSpecSchema()).toMatchObject({ $id: 'compose_spec.json', title: 'Compose Specification' });
  });

  it('default: validates against the Compose specification', () => {
    validate(readCompose());
    expect(validate.errors ?? []).toEqual([]);
  });

  it('error: a misspelt healthcheck or service field or an unknown depends_on condition is refused', () => {
    const misspelt = structuredClone(readCompose()) as unknown as {
      services: Record<
        string,
        { healthcheck: Record<string, unknown>; depends_on: Record<string, { condition: string }> }
      >;
    };
    misspelt.services['query']!.healthcheck['intervall'] = '5s';
    expect(validate(misspelt)).toBe(false);
    // The schema allows no field it does not name (but x-* extensions), at the service level too.
    const misspeltService = structuredClone(readCompose()) as unknown as {
      services: Record<string, Record<string, unknown>>;
    };
    misspeltService.services['keystore']!['enviroment'] = {};
    expect(validate(misspeltService)).toBe(false);

    const unknownCondition = structuredClone(readCompose()) as unknown as typeof misspelt;
    unknownCondition.services['gateway']!.depends_on['query'] = { condition: 'service_ready' };
    expect(validate(unknownCondition)).toBe(false);
  });
});
