/** The city tree (spec 1 §7 "city tree"): GB/T 2260 divisions, province > city > district, 6-digit codes. */
import { z } from 'zod';
import { defineOperation } from '../api/operation';
import type { ProjectArea } from './forms';

export interface CityTreeNode {
  value: string;
  label: string;
  children?: CityTreeNode[];
}

const cityTreeNodeSchema: z.ZodType<CityTreeNode> = z.lazy(() =>
  z.object({ value: z.string(), label: z.string(), children: z.array(cityTreeNodeSchema).optional() }),
);

/** GET /api/sys/city/tree: every province, city and district, for the project's area picker. */
export const cityTreeOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/city/tree',
  tag: '项目',
  summary: '省市区树（GB/T 2260 行政区划代码）',
  access: 'session',
  input: z.object({}),
  answer: z.array(cityTreeNodeSchema),
});

/**
 * A cascader path of codes back to the division it names (codes, province first, with the tree's
 * names); null when the province is not in the tree.
 */
export function areaOfPath(path: readonly string[], tree: readonly CityTreeNode[]): ProjectArea | null {
  const [province, city, district] = path;
  const p = tree.find((node) => node.value === province);
  if (!p) return null;
  const c = city ? p.children?.find((node) => node.value === city) : undefined;
  const d = district ? c?.children?.find((node) => node.value === district) : undefined;
  return {
    provinceId: p.value,
    province: p.label,
    cityId: c?.value ?? '',
    city: c?.label ?? '',
    areaId: d?.value ?? '',
    area: d?.label ?? '',
  };
}

/**
 * The cascader path of codes for a division given by its names (a terminal's province, city and
 * area), as deep as the names are found in the tree: [] when the province is not in it.
 */
export function pathOfArea(
  names: { province: string; city: string; area: string },
  tree: readonly CityTreeNode[],
): string[] {
  const path: string[] = [];
  let level: readonly CityTreeNode[] | undefined = tree;
  for (const name of [names.province, names.city, names.area]) {
    const node: CityTreeNode | undefined = name ? level?.find((candidate) => candidate.label === name) : undefined;
    if (!node) break;
    path.push(node.value);
    level = node.children;
  }
  return path;
}
