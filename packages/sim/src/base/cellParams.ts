/**
 * Values a study gives a model: a grid value is a scalar, a model parameter or grid
 * entry may also be a list of scalars (e.g. cluster sizes). A cell's parameters are the
 * model's fixed `params` merged with one point of the grid.
 */

/** One scalar of a grid or a parameter. */
export type GridValue = number | string | boolean;

/** A model parameter or grid value: a scalar or a list of scalars. */
export type ParamValue = GridValue | readonly GridValue[];

/** Parameters of one grid cell: the model's fixed params merged with one point of the grid. */
export type CellParams = Readonly<Record<string, ParamValue>>;
