"""A small validator for the part of XML Schema that BattleScribe's ``Catalogue.xsd`` uses
(complex types with sequences and extensions, attributes required or not, enumerations and
the built-in types it names), enough to check that a roster we write is one BattleScribe's
schema accepts. The schema itself is BSData's (``../shared/battlescribe/schema``), never
committed; the tests that use it skip without it.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

XS = "{http://www.w3.org/2001/XMLSchema}"
ROSTER_NS = "http://www.battlescribe.net/schema/rosterSchema"


@dataclass
class Child:
    name: str
    type: str
    min: int
    max: float


@dataclass
class Complex:
    base: str | None = None
    sequence: list[Child] = field(default_factory=list)
    attributes: dict[str, tuple[str, bool]] = field(default_factory=dict)
    text: bool = False
    """Simple content: text and attributes, no child elements."""


def _local(name: str) -> str:
    return name.split(":")[-1]


class Schema:
    def __init__(self, path: Path) -> None:
        root = ET.parse(path).getroot()
        self.types: dict[str, Complex] = {}
        self.simple: dict[str, list[str] | None] = {}
        self.roots: dict[str, str] = {}
        for item in root:
            if item.tag == XS + "complexType":
                self.types[item.get("name", "")] = self._complex(item)
            elif item.tag == XS + "simpleType":
                values = [e.get("value", "") for e in item.iter(XS + "enumeration")]
                self.simple[item.get("name", "")] = values or None
            elif item.tag == XS + "element":
                self.roots[item.get("name", "")] = _local(item.get("type", ""))

    def _complex(self, node: ET.Element) -> Complex:
        found = Complex()
        extension = node.find(f"{XS}complexContent/{XS}extension")
        simple = node.find(f"{XS}simpleContent/{XS}extension")
        holder = node
        if extension is not None:
            found.base = _local(extension.get("base", ""))
            holder = extension
        elif simple is not None:
            found.text = True
            holder = simple
        sequence = holder.find(XS + "sequence")
        if sequence is not None:
            for element in sequence.findall(XS + "element"):
                high = element.get("maxOccurs", "1")
                found.sequence.append(Child(element.get("name", ""),
                                            _local(element.get("type", "")),
                                            int(element.get("minOccurs", "1")),
                                            float("inf") if high == "unbounded" else int(high)))
        for attribute in holder.findall(XS + "attribute"):
            found.attributes[attribute.get("name", "")] = (
                _local(attribute.get("type", "string")), attribute.get("use") == "required")
        for group in holder.findall(XS + "attributeGroup"):
            if _local(group.get("ref", "")) == "PublicationRefAttGroup":
                found.attributes["publicationId"] = ("idtype", False)
                found.attributes["page"] = ("string", False)
        return found

    def flattened(self, name: str) -> Complex:
        own = self.types[name]
        if own.base is None:
            return own
        base = self.flattened(own.base)
        return Complex(None, [*base.sequence, *own.sequence],
                       {**base.attributes, **own.attributes}, own.text or base.text)

    def _value(self, kind: str, value: str) -> bool:
        if kind in ("string", "idtype"):
            return True
        if kind == "boolean":
            return value in ("true", "false", "1", "0")
        if kind == "decimal":
            return re.fullmatch(r"[+-]?(\d+(\.\d*)?|\.\d+)", value) is not None
        if kind == "nonNegativeInteger":
            return re.fullmatch(r"\+?\d+", value) is not None
        if kind == "positiveInteger":
            return re.fullmatch(r"\+?0*[1-9]\d*", value) is not None
        values = self.simple.get(kind)
        return values is None or value in values

    def validate(self, xml: str | bytes, namespace: str = ROSTER_NS) -> list[str]:
        """What is wrong with ``xml`` (empty: valid)."""
        root = ET.fromstring(xml)
        problems: list[str] = []
        tag = root.tag
        if not tag.startswith("{" + namespace + "}"):
            return [f"root element {tag} is not in {namespace}"]
        name = tag.split("}")[1]
        if name not in self.roots:
            return [f"{name} is not a root element of the schema"]
        self._check(root, self.roots[name], namespace, name, problems)
        return problems

    def _check(self, node: ET.Element, kind: str, namespace: str, where: str,
               problems: list[str]) -> None:
        if kind not in self.types:
            if len(node) or not self._value(kind, node.text or ""):
                problems.append(f"{where}: not a {kind}")
            return
        spec = self.flattened(kind)
        for attribute, (akind, required) in spec.attributes.items():
            value = node.get(attribute)
            if value is None:
                if required:
                    problems.append(f"{where}: required attribute {attribute} is missing")
            elif not self._value(akind, value):
                problems.append(f"{where}: {attribute}={value!r} is not a {akind}")
        for attribute in node.attrib:
            if attribute not in spec.attributes:
                problems.append(f"{where}: attribute {attribute} is not in the schema")
        children = list(node)
        if spec.text and children:
            problems.append(f"{where}: a text-only element has child elements")
        index = 0
        for child in spec.sequence:
            count = 0
            while index < len(children) and children[index].tag == \
                    "{" + namespace + "}" + child.name:
                self._check(children[index], child.type, namespace,
                            f"{where}/{child.name}", problems)
                index += 1
                count += 1
            if count < child.min or count > child.max:
                problems.append(f"{where}: {count} {child.name} element(s), the schema wants "
                                f"{child.min} to {child.max}")
        for extra in children[index:]:
            problems.append(f"{where}: element {extra.tag} is not expected here")
