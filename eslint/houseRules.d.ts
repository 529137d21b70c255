import type { Linter } from 'eslint';

export declare const houseRules: Linter.Config[];
