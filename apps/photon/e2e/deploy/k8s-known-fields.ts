// Unknown fields in rendered Kubernetes objects. kubernetes-models' validators accept any extra
// field, as the API server's non-strict decoding would drop it silently; a typo'd `readinesProbe`
// would then pass every check and do nothing. The same models' declarations (generated from the
// Kubernetes OpenAPI definitions) list every field of every type, so each object is type-checked
// as a literal of its model's interface: TypeScript refuses any property the type does not declare,
// at any depth, with its path in the type and the name of the type that lacks it.
import ts from 'typescript';
import { join } from 'node:path';
import { ROOT, type K8sObject } from './deploy-files';

/** TypeScript's "Object literal may only specify known properties" (2353) and its "did you mean" (2561). */
const EXCESS_PROPERTY = new Set([2353, 2561]);

/** The module and interface of a kind's model: `apps/v1` `Deployment` → kubernetes-models/apps/v1/Deployment, IDeployment. */
const modelOf = (object: K8sObject) => ({
  module: `kubernetes-models/${object.apiVersion}/${object.kind}`,
  type: `I${object.kind}`,
});

/**
 * For each object with fields its model does not declare, `Kind/name: <TypeScript's message>`: one
 * field per object (TypeScript stops at the first excess property of an assignment), so a second typo
 * in the same object shows once the first is fixed.
 */
export function unknownFields(objects: readonly K8sObject[]): string[] {
  // A file beside this one, so the models resolve from the workspace's node_modules.
  const file = join(ROOT, 'apps', 'photon', 'e2e', 'deploy', '__rendered-objects__.ts');
  const starts: number[] = [];
  let source = '';
  objects.forEach((object, i) => {
    const { module, type } = modelOf(object);
    source += `import type { ${type} as T${i} } from '${module}';\n`;
  });
  objects.forEach((object, i) => {
    starts.push(source.length);
    source += `export const o${i}: T${i} = ${JSON.stringify(object, null, 1)};\n`;
  });
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
  };
  const host = ts.createCompilerHost(options);
  const readSource = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) =>
    name === file ? ts.createSourceFile(name, source, language) : readSource(name, language, ...rest);
  const program = ts.createProgram([file], options, host);
  const sourceFile = program.getSourceFile(file)!;
  const diagnostics = program.getSemanticDiagnostics(sourceFile);
  const unresolved = diagnostics.filter((d) => d.code === 2307);
  if (unresolved.length > 0) {
    throw new Error(unresolved.map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' ')).join('\n'));
  }
  return diagnostics
    .filter((d) => EXCESS_PROPERTY.has(d.code))
    .map((d) => {
      const index = starts.findLastIndex((start) => start <= (d.start ?? 0));
      const object = objects[index]!;
      return `${object.kind}/${object.metadata.name}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
    });
}
