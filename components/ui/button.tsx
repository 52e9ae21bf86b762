import type { ButtonHTMLAttributes } from "react";
import styles from "./ui.module.css";

type TButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: "secondary" | "primary" | "danger" | "ghost";
  size?: "normal" | "small";
};

export function Button({
  variant = "secondary",
  size = "normal",
  className,
  type = "button",
  ...props
}: TButtonProps) {
  const classes = [
    styles.button,
    variant === "secondary" ? undefined : styles[variant],
    size === "small" ? styles.small : undefined,
    className,
  ];
  return <button type={type} className={classes.filter(Boolean).join(" ")} {...props} />;
}
