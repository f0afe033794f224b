// Local ESLint rule: keeps the bulletproof-react layering honest.
//   - a feature (src/features/<name>) never imports another feature;
//   - shared code (src/components, src/lib, src/types) never imports features or src/app.
// Works for both relative imports and the `@/` alias.
import path from 'node:path';

function layerOf(file, srcDir) {
  const rel = path.relative(srcDir, file);
  if (rel.startsWith('..')) return null;
  const parts = rel.split(path.sep);
  if (parts[0] === 'features' && parts.length > 2) return { kind: 'feature', name: parts[1] };
  if (parts[0] === 'app') return { kind: 'app' };
  if (['components', 'lib', 'types', 'hooks'].includes(parts[0])) return { kind: 'shared', name: parts[0] };
  return { kind: 'other' };
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports across features and from shared code into features/app' },
    schema: [],
    messages: {
      crossFeature: "Feature '{{from}}' must not import from feature '{{to}}': move shared code to src/components or src/lib.",
      sharedToFeature: 'Shared code in src/{{from}} must not import from {{to}}.',
    },
  },
  create(context) {
    const file = context.filename ?? context.getFilename();
    const srcDir = path.resolve(context.cwd ?? process.cwd(), 'src');
    const me = layerOf(file, srcDir);
    if (!me) return {};

    function check(node, spec) {
      if (typeof spec !== 'string') return;
      let target;
      if (spec.startsWith('@/')) target = path.join(srcDir, spec.slice(2));
      else if (spec.startsWith('.')) target = path.resolve(path.dirname(file), spec);
      else return;
      const them = layerOf(target + (path.extname(target) ? '' : '/x'), srcDir);
      if (!them) return;
      if (me.kind === 'feature' && them.kind === 'feature' && them.name !== me.name) {
        context.report({ node, messageId: 'crossFeature', data: { from: me.name, to: them.name } });
      }
      if (me.kind === 'shared' && (them.kind === 'feature' || them.kind === 'app')) {
        context.report({
          node,
          messageId: 'sharedToFeature',
          data: { from: me.name, to: them.kind === 'app' ? 'src/app' : `feature '${them.name}'` },
        });
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
