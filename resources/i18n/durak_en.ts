<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="en_US">
<context>
    <name>TableScene</name>
    <message numerus="yes">
        <location filename="../../durak_qt/table_scene.py" line="493" />
        <source>%n card(s)</source>
        <translation><numerusform>%n card</numerusform><numerusform>%n cards</numerusform></translation>
    </message>
    <message numerus="yes">
        <location filename="../../durak_qt/table_scene.py" line="562" />
        <source>%1: %n card(s)</source>
        <translation><numerusform>%1: %n card</numerusform><numerusform>%1: %n cards</numerusform></translation>
    </message>
</context>
<context>
    <name>TableWidget</name>
    <message numerus="yes">
        <location filename="../../durak_qt/table_view.py" line="1" />
        <source>%n s left to move</source>
        <translation><numerusform>%n second left to move</numerusform><numerusform>%n seconds left to move</numerusform></translation>
    </message>
</context>
</TS>