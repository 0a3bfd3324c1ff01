"""`Config.summary()`: Paddle Inference's table of the options a predictor will be built with,
row for row and border for border as Paddle 3.3.1's CPU build prints it."""
from __future__ import annotations


def _flag(value: bool) -> str:
    return "true" if value else "false"


def summary_rows(config) -> list:
    """Sections of (option, value) rows; each section is closed by a border line."""
    if config.model_from_memory():
        model = [("model_from_memory", "true")]
    elif config.model_dir():
        model = [("model_dir", config.model_dir())]
    elif config.prog_file():
        model = [("model_file", config.prog_file()), ("params_file", config.params_file())]
    else:
        model = []
    cpu = [("cpu_math_thread", str(config.cpu_math_library_num_threads())),
           ("enable_mkldnn", _flag(config.mkldnn_enabled())),
           ("mkldnn_cache_capacity", str(config._onednn_cache_capacity)),
           ("use_openvino", _flag(config.openvino_engine_enabled())),
           ("openvino_inference_precision", config._openvino_precision_name())]
    runtime = [("use_cinn_compiler", _flag(config._use_cinn)),
               ("save_optimized_model", _flag(config._save_optimized_model)),
               ("ir_optim", _flag(config.ir_optim())),
               ("ir_debug", _flag(config._ir_debug)),
               ("use_optimized_model", _flag(config._use_optimized_model)),
               ("memory_optim", _flag(config._memory_optim)),
               ("enable_profile", _flag(config._profile)),
               ("enable_log", _flag(not config.glog_info_disabled())),
               ("collect_shape_range_info", _flag(config.shape_range_info_collected()))]
    return [model, cpu, [("use_gpu", _flag(config.use_gpu()))],
            [("use_xpu", _flag(config.use_xpu()))], runtime]


def render(sections: list) -> str:
    rows = [row for section in sections for row in section]
    key_width = max(len("Option"), *(len(k) for k, _ in rows))
    value_width = max(len("Value"), *(len(v) for _, v in rows))
    border = f"+{'-' * (key_width + 2)}+{'-' * (value_width + 2)}+"

    def line(key, value):
        return f"| {key:<{key_width}} | {value:<{value_width}} |"

    lines = ["", border, line("Option", "Value"), border]
    for section in sections:
        lines += [line(k, v) for k, v in section]
        lines.append(border)
    return "\n".join(lines) + "\n"
