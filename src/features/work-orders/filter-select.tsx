/** A filter of the office's order screens: a labelled select whose empty choice is "all". */
export function FilterSelect(props: {
  label: string;
  /** The empty choice's words: "Todos", "Todas". */
  all: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <label className="order-field">
      {props.label}
      <select value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">{props.all}</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
