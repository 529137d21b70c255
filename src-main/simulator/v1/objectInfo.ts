// GET /api/object_info: the node catalogue in the local workflow server's shape, from the same
// catalogue that validates submissions.
import { allNodeClasses, type InputSpec } from '../jobs/nodeCatalog';

type InputInfo = [string | readonly string[], Record<string, unknown>] | [string];

function inputInfo(spec: InputSpec): InputInfo {
  switch (spec.kind) {
    case 'int':
      return ['INT', { default: spec.default, min: spec.min, max: spec.max, step: 1 }];
    case 'float':
      return ['FLOAT', { default: spec.default, min: spec.min, max: spec.max, step: 0.01 }];
    case 'string':
      return ['STRING', { default: spec.default, multiline: spec.multiline ?? false }];
    case 'boolean':
      return ['BOOLEAN', { default: spec.default }];
    case 'enum':
      return [spec.options, {}];
    case 'socket':
      return [spec.type];
  }
}

function inputMap(specs: Readonly<Record<string, InputSpec>>): Record<string, InputInfo> {
  return Object.fromEntries(Object.entries(specs).map(([name, spec]) => [name, inputInfo(spec)]));
}

export function objectInfo(): Record<string, unknown> {
  return Object.fromEntries(
    allNodeClasses().map((nodeClass) => [
      nodeClass.name,
      {
        input: { required: inputMap(nodeClass.required), optional: inputMap(nodeClass.optional) },
        input_order: { required: Object.keys(nodeClass.required), optional: Object.keys(nodeClass.optional) },
        output: nodeClass.outputs,
        output_is_list: nodeClass.outputs.map(() => false),
        output_name: nodeClass.outputNames,
        name: nodeClass.name,
        display_name: nodeClass.displayName,
        description: nodeClass.description,
        python_module: 'nodes',
        category: nodeClass.category,
        output_node: nodeClass.outputNode,
        api_node: nodeClass.apiNode,
      },
    ]),
  );
}
